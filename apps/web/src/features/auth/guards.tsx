// Route guards (spec §2, §6): pages behind sign-in send strangers to /login, and the sign-in
// pages send the signed-in on to /dashboard. Both wait for the session lookup with a spinner.
import { Navigate, Outlet, useLocation } from 'react-router';
import { FullPageLoader } from '../../components/full-page-loader';
import { useCurrentUser } from '../../lib/session/current-user';
import { SignedInUserContext } from '../../lib/session/signed-in-user';

export function RequireAuth() {
  const { user, isPending } = useCurrentUser();
  const location = useLocation();
  if (isPending) return <FullPageLoader />;
  // A failed lookup (server unreachable after the retry) leaves no user: treat as signed out.
  if (!user) return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  return (
    <SignedInUserContext value={user}>
      <Outlet />
    </SignedInUserContext>
  );
}

export function RedirectIfAuthenticated() {
  const { user, isPending } = useCurrentUser();
  if (isPending) return <FullPageLoader />;
  if (user) return <Navigate to="/dashboard" replace />;
  return <Outlet />;
}
