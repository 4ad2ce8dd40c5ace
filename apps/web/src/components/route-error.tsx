import { Button } from '@mantine/core';
import { IconBug } from '@tabler/icons-react';
import { useRouteError } from 'react-router';
import { FullPageNotice } from './full-page-notice';

/** Shown when a page throws while rendering: a way out instead of a blank screen. */
export function RouteError() {
  const error = useRouteError();
  console.error(error);
  return (
    <FullPageNotice
      icon={<IconBug size={30} />}
      color="orange"
      title="Something went wrong"
      text="The page could not be shown. Reloading usually helps."
      action={
        <Button onClick={() => window.location.reload()} mt="sm">
          Reload the page
        </Button>
      }
    />
  );
}
