import { Button } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useDocumentTitle } from '../lib/document-title';
import { FullPageNotice } from './full-page-notice';

/** Any path the router does not know (spec §2's card and heading, with a sentence that helps a customer). */
const HOME = { to: '/', label: 'Go to the home page' };

export function NotFoundPage({ home = HOME, inShell = false }: { home?: { to: string; label: string }; inShell?: boolean }) {
  useDocumentTitle('Page not found');
  return (
    <FullPageNotice
      icon={<IconAlertCircle size={32} />}
      color="red"
      title="404 Page Not Found"
      text="There is no page at this address. It may have moved, or the link may be mistyped."
      inShell={inShell}
      action={
        <Button component={Link} to={home.to} variant="light" mt="sm">
          {home.label}
        </Button>
      }
    />
  );
}
