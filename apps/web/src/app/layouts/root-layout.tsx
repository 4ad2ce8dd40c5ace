import { useDocumentTitle } from '@mantine/hooks';
import { Outlet, ScrollRestoration } from 'react-router';
import { DOCUMENT_TITLE } from '@kurir/core';

/** Around every page: the one document title (spec §2) and scroll position on navigation. */
export function RootLayout() {
  useDocumentTitle(DOCUMENT_TITLE);
  return (
    <>
      <Outlet />
      <ScrollRestoration />
    </>
  );
}
