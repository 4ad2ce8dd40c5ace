import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { useFocusOnNavigation } from '../../lib/route-focus';

/** Around every page: focus moved to the new page's heading and scroll position on navigation. */
export function RootLayout() {
  const { pathname } = useLocation();
  useFocusOnNavigation(pathname);
  return (
    <>
      <Outlet />
      <ScrollRestoration />
    </>
  );
}
