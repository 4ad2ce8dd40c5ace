// The admin area's access gate (admin spec §2): a spinner while the session loads; the signed-out
// read 'Authentication Required' and go to /login, customers read 'Access Denied' and go to their
// dashboard, each after ADMIN_REDIRECT_DELAY_MS so the reason is on screen first. The server
// refuses every admin call anyway (401/403); this gate only decides what the browser shows.
import { Loader } from '@mantine/core';
import { IconLock, IconShieldOff } from '@tabler/icons-react';
import { useEffect, type ReactNode } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { ADMIN_REDIRECT_DELAY_MS } from '@kurir/core';
import { FullPageLoader } from '../../components/full-page-loader';
import { FullPageNotice } from '../../components/full-page-notice';
import { useCurrentUser } from '../../lib/session/current-user';
import { SignedInUserContext } from '../../lib/session/signed-in-user';

type RedirectNoticeProps = { to: string; from?: string; icon: ReactNode; title: string; text: string };

function RedirectNotice({ to, from, icon, title, text }: RedirectNoticeProps) {
  const navigate = useNavigate();
  useEffect(() => {
    const state = from ? { from } : undefined;
    const timer = window.setTimeout(() => navigate(to, { replace: true, state }), ADMIN_REDIRECT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [navigate, to, from]);
  return <FullPageNotice icon={icon} color="red" title={title} text={text} action={<Loader size="sm" aria-label="Redirecting" />} />;
}

export function AdminGate({ children }: { children?: ReactNode }) {
  const { user, isPending } = useCurrentUser();
  const { pathname } = useLocation();
  if (isPending) return <FullPageLoader />;
  if (!user) {
    return (
      <RedirectNotice
        to="/login"
        from={pathname}
        icon={<IconLock size={32} />}
        title="Authentication Required"
        text="Please sign in to open the administrator area."
      />
    );
  }
  if (user.role !== 'admin') {
    return (
      <RedirectNotice
        to="/dashboard"
        icon={<IconShieldOff size={32} />}
        title="Access Denied"
        text="The administrator area is for administrators only."
      />
    );
  }
  return <SignedInUserContext value={user}>{children ?? <Outlet />}</SignedInUserContext>;
}
