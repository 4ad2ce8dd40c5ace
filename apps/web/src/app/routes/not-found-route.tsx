// Any path the app does not have (the server already answered it with HTTP 404). A signed-in
// customer keeps the shell around it, with the sidebar and a way back to the dashboard.
import { FullPageLoader } from '../../components/full-page-loader';
import { NotFoundPage } from '../../components/not-found';
import { useCurrentUser } from '../../lib/session/current-user';
import { SignedInUserContext } from '../../lib/session/signed-in-user';
import { CustomerShell } from '../layouts/customer-shell';

export function NotFoundRoute() {
  const { user, isPending } = useCurrentUser();
  if (isPending) return <FullPageLoader />;
  if (!user) return <NotFoundPage />;
  return (
    <SignedInUserContext value={user}>
      <CustomerShell>
        <NotFoundPage home={{ to: '/dashboard', label: 'Back to the dashboard' }} inShell />
      </CustomerShell>
    </SignedInUserContext>
  );
}
