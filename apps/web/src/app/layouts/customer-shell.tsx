// The signed-in frame (spec §2, "Dashboard shell"): who you are, what you have to spend, where
// you can go. The sidebar becomes a burger drawer on small screens.
import { ActionIcon, AppShell, Badge, Burger, Button, Group, Text, VisuallyHidden } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconLogout, IconWallet } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link, Outlet } from 'react-router';
import type { User } from '@kurir/core/schemas/auth';
import { SkipLink, MAIN_CONTENT_ID } from '../../components/skip-link';
import { LogoMark, Logo } from '../../components/logo';
import { useSignedInUser } from '../../lib/session/signed-in-user';
import { useLogout } from '../../features/auth/api/logout';
import { displayName, shortDisplayName } from '../../lib/session/user-names';
import { formatEuros } from '../../lib/money-format';
import { CustomerNavbar } from './customer-navbar';
import classes from './customer-shell.module.css';

/** The shell around the customer pages; `children` instead of the route's page for the signed-in 404. */
export function CustomerShell({ children }: { children?: ReactNode }) {
  const user = useSignedInUser();
  const [opened, { toggle, close }] = useDisclosure(false);

  return (
    <AppShell
      header={{ height: 64 }}
      navbar={{ width: 260, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding={{ base: 'md', sm: 'xl' }}
    >
      <SkipLink />
      <AppShell.Header>
        <div className={classes.header}>
          <Group gap="sm" wrap="nowrap" className={classes.fixed}>
            <Burger opened={opened} onClick={toggle} hiddenFrom="sm" size="sm" aria-label="Toggle navigation" />
            <Link to="/dashboard" className={classes.homeLink} aria-label="Kurir dashboard">
              <Group visibleFrom="sm">
                <Logo size={30} />
              </Group>
              <Group hiddenFrom="sm">
                <LogoMark size={30} />
              </Group>
            </Link>
          </Group>
          <AccountBar user={user} />
        </div>
      </AppShell.Header>
      <AppShell.Navbar>
        <CustomerNavbar onNavigate={close} phone={user.phone} />
      </AppShell.Navbar>
      <AppShell.Main className={classes.main} id={MAIN_CONTENT_ID} tabIndex={-1}>
        {children ?? <Outlet />}
      </AppShell.Main>
    </AppShell>
  );
}

/** Right of the header: the admin badge, the name, the balance and Logout. */
function AccountBar({ user }: { user: User }) {
  const logout = useLogout();
  return (
    <div className={classes.account}>
      {user.role === 'admin' && (
        <Badge component={Link} to="/admin" color="red.9" variant="filled" className={classes.fixed}>
          ADMIN
        </Badge>
      )}
      <Text fw={500} fz="sm" visibleFrom="sm" truncate>
        {displayName(user)}
      </Text>
      <Text fw={500} fz="sm" hiddenFrom="sm" truncate className={classes.name}>
        {shortDisplayName(user)}
      </Text>
      <Badge
        size="lg"
        variant="light"
        color="teal"
        leftSection={<IconWallet size={14} aria-hidden />}
        className={`${classes.credit} ${classes.fixed}`}
      >
        <VisuallyHidden>Account balance </VisuallyHidden>
        {formatEuros(user.credit)}
      </Badge>
      <Button
        visibleFrom="sm"
        variant="default"
        size="xs"
        leftSection={<IconLogout size={14} aria-hidden />}
        onClick={() => logout.mutate()}
        loading={logout.isPending}
        className={classes.fixed}
      >
        Logout
      </Button>
      <ActionIcon
        hiddenFrom="sm"
        variant="default"
        size="lg"
        aria-label="Logout"
        onClick={() => logout.mutate()}
        loading={logout.isPending}
        className={classes.fixed}
      >
        <IconLogout size={18} />
      </ActionIcon>
    </div>
  );
}
