// The administrator frame (admin spec §2, "Admin shell and access gate"): page title with the
// Admin badge, who is signed in with the ADMIN label and their balance, the way back to the
// customer dashboard and Logout. The sidebar becomes a burger drawer on phones.
import { ActionIcon, AppShell, Badge, Box, Burger, Button, Text, Title, Tooltip } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { ModalsProvider } from '@mantine/modals';
import { IconArrowBackUp, IconLogout, IconShieldCheck, IconWallet } from '@tabler/icons-react';
import { Link, Outlet, useLocation } from 'react-router';
import { LogoMark } from '../../components/logo';
import { useLogout } from '../../features/auth/api/logout';
import { formatEuros } from '../../lib/format';
import { useSignedInUser } from '../../lib/session/signed-in-user';
import { displayName } from '../../lib/session/user-names';
import { AdminNavbar } from './admin-navbar';
import { adminPageTitle } from './admin-navigation';
import classes from './admin-shell.module.css';

function AdminHeader({ opened, onToggle, onLogout, loggingOut }: { opened: boolean; onToggle: () => void; onLogout: () => void; loggingOut: boolean }) {
  const user = useSignedInUser();
  const { pathname } = useLocation();
  return (
    <div className={classes.header}>
      <div className={classes.titleGroup}>
        <Burger opened={opened} onClick={onToggle} hiddenFrom="sm" size="sm" aria-label="Toggle navigation" className={classes.fixed} />
        <Link to="/admin" className={`${classes.homeLink} ${classes.fixed} ${classes.logo}`} aria-label="Admin dashboard">
          <LogoMark size={30} />
        </Link>
        <Title order={1} fz={{ base: 'md', sm: 'lg' }} className={classes.title}>
          <Box component="span" visibleFrom="sm">
            {adminPageTitle(pathname)}
          </Box>
          <Box component="span" hiddenFrom="sm">
            {adminPageTitle(pathname, true)}
          </Box>
        </Title>
        <Badge color="red" variant="light" tt="none" leftSection={<IconShieldCheck size={12} aria-hidden />} className={classes.fixed}>
          Admin
        </Badge>
      </div>
      <div className={classes.account}>
        <Text fw={500} fz="sm" visibleFrom="md" truncate>
          {displayName(user)}
        </Text>
        <Badge color="red.9" variant="filled" visibleFrom="sm" className={classes.fixed}>
          ADMIN
        </Badge>
        <Tooltip label="Account balance">
          <Badge size="lg" variant="light" color="teal" leftSection={<IconWallet size={14} aria-hidden />} className={`${classes.credit} ${classes.fixed}`}>
            {formatEuros(user.credit)}
          </Badge>
        </Tooltip>
        <Button component={Link} to="/dashboard" variant="subtle" size="xs" leftSection={<IconArrowBackUp size={14} aria-hidden />} visibleFrom="md" className={classes.fixed}>
          User dashboard
        </Button>
        <Button visibleFrom="sm" variant="default" size="xs" leftSection={<IconLogout size={14} aria-hidden />} onClick={onLogout} loading={loggingOut} className={classes.fixed}>
          Logout
        </Button>
        <ActionIcon hiddenFrom="sm" variant="default" size="lg" aria-label="Logout" onClick={onLogout} loading={loggingOut} className={classes.fixed}>
          <IconLogout size={18} />
        </ActionIcon>
      </div>
    </div>
  );
}

export function AdminShell() {
  const user = useSignedInUser();
  const logout = useLogout();
  const [opened, { toggle, close }] = useDisclosure(false);
  const onLogout = () => logout.mutate();
  // Confirmations (modals.openConfirmModal) live here: the app root leaves @mantine/modals out so
  // the customer pages do not download it.
  return (
    <ModalsProvider>
      <AppShell header={{ height: 64 }} navbar={{ width: 240, breakpoint: 'sm', collapsed: { mobile: !opened } }} padding={{ base: 'sm', sm: 'lg' }}>
        <AppShell.Header>
          <AdminHeader opened={opened} onToggle={toggle} onLogout={onLogout} loggingOut={logout.isPending} />
        </AppShell.Header>
        <AppShell.Navbar>
          <AdminNavbar onNavigate={close} onLogout={onLogout} loggingOut={logout.isPending} signedInAs={displayName(user)} />
        </AppShell.Navbar>
        <AppShell.Main className={classes.main}>
          <Outlet />
        </AppShell.Main>
      </AppShell>
    </ModalsProvider>
  );
}
