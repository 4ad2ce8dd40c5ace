import { Outlet } from 'react-router';
import { PublicFrame } from './public-frame';

/** The public site's frame inside the router: the landing page and the Help, Privacy and Terms pages. */
export function PublicLayout() {
  return (
    <PublicFrame>
      <Outlet />
    </PublicFrame>
  );
}
