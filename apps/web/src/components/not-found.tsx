import { Button } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { Link } from 'react-router';
import { FullPageNotice } from './full-page-notice';

/** Any path the router does not know (spec §2). */
export function NotFoundPage() {
  return (
    <FullPageNotice
      icon={<IconAlertCircle size={32} />}
      color="red"
      title="404 Page Not Found"
      text="Did you forget to add the page to the router?"
      action={
        <Button component={Link} to="/" variant="light" mt="sm">
          Go to the home page
        </Button>
      }
    />
  );
}
