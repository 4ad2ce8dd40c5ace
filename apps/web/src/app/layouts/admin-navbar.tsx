// The admin sidebar: the admin pages, then the way back to the customer dashboard and Logout.
import { AppShell, Badge, Divider, Group, NavLink, Text } from '@mantine/core';
import { IconArrowBackUp, IconLogout } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import { adminNavigation, isAdminLinkActive } from './admin-navigation';

type AdminNavbarProps = { onNavigate: () => void; onLogout: () => void; loggingOut: boolean; signedInAs: string };

const linkStyle = { borderRadius: 'var(--mantine-radius-md)' };

export function AdminNavbar({ onNavigate, onLogout, loggingOut, signedInAs }: AdminNavbarProps) {
  const { pathname } = useLocation();
  return (
    <>
      <AppShell.Section grow p="sm" style={{ overflowY: 'auto' }}>
        <nav aria-label="Administration">
          {adminNavigation.map((entry) => {
            const Icon = entry.icon;
            return (
              <NavLink
                key={entry.path}
                component={Link}
                to={entry.path}
                label={entry.label}
                leftSection={<Icon size={18} stroke={1.6} aria-hidden />}
                active={isAdminLinkActive(entry.path, pathname)}
                onClick={onNavigate}
                mb={2}
                style={linkStyle}
              />
            );
          })}
          <Divider my="sm" />
          <NavLink
            component={Link}
            to="/dashboard"
            label="User dashboard"
            leftSection={<IconArrowBackUp size={18} stroke={1.6} aria-hidden />}
            mb={2}
            style={linkStyle}
          />
          <NavLink
            component="button"
            type="button"
            label="Logout"
            leftSection={<IconLogout size={18} stroke={1.6} aria-hidden />}
            onClick={onLogout}
            disabled={loggingOut}
            style={linkStyle}
          />
        </nav>
      </AppShell.Section>
      <AppShell.Section p="md" style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}>
        <Group gap={6}>
          <Text fz="xs" c="dimmed">
            Signed in as
          </Text>
          <Badge size="xs" color="red.9" variant="filled">
            ADMIN
          </Badge>
        </Group>
        <Text fz="sm" fw={500} truncate>
          {signedInAs}
        </Text>
      </AppShell.Section>
    </>
  );
}
