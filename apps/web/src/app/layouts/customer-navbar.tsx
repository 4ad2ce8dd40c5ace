// The customer sidebar, drawn from the one navigation list; unbuilt entries stay disabled.
import { AppShell, Badge, NavLink, Text } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { closedGateOf, type FeatureGate } from '../../components/feature-gate';
import { useSignedInUser } from '../../lib/session/signed-in-user';
import { customerNavigation, type NavEntry } from '../navigation';

const FeatureGateDialog = lazy(() => import('../../components/feature-gate-dialog').then((m) => ({ default: m.FeatureGateDialog })));

function isActive(entry: NavEntry, pathname: string): boolean {
  const path = pathname.toLowerCase().replace(/\/+$/, '') || '/';
  if (entry.path === '/dashboard') return path === '/dashboard';
  return path === entry.path || path.startsWith(`${entry.path}/`);
}

export function CustomerNavbar({ onNavigate, phone }: { onNavigate: () => void; phone: string }) {
  const { pathname } = useLocation();
  const { features } = useSignedInUser();
  const [gate, setGate] = useState<FeatureGate | null>(null);
  return (
    <>
      <AppShell.Section grow p="sm" style={{ overflowY: 'auto' }}>
        <nav aria-label="Main">
          {customerNavigation.map((entry) => {
            const Icon = entry.icon;
            const common = {
              label: entry.label,
              leftSection: <Icon size={18} stroke={1.6} aria-hidden />,
              rightSection: entry.badge ? (
                <Badge size="xs" variant="light" color="gray">
                  {entry.badge}
                </Badge>
              ) : undefined,
              mb: 2,
              style: { borderRadius: 'var(--mantine-radius-md)' },
            };
            const closedGate = closedGateOf(entry.path, features);
            if (closedGate) {
              // Without the service the entry explains what is needed instead of navigating.
              const gated = { ...common, rightSection: <IconLock size={14} stroke={1.6} aria-hidden /> };
              return <NavLink key={entry.path} {...gated} component="button" type="button" onClick={() => setGate(closedGate)} />;
            }
            return entry.available ? (
              <NavLink
                key={entry.path}
                {...common}
                component={Link}
                to={entry.path}
                active={isActive(entry, pathname)}
                onClick={onNavigate}
              />
            ) : (
              <NavLink key={entry.path} {...common} component="div" disabled aria-disabled="true" />
            );
          })}
        </nav>
        {gate && (
          <Suspense fallback={null}>
            <FeatureGateDialog gate={gate} onClose={() => setGate(null)} onViewProducts={onNavigate} />
          </Suspense>
        )}
      </AppShell.Section>
      <AppShell.Section p="md" style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}>
        <Text fz="xs" c="dimmed">
          Signed in as
        </Text>
        <Text fz="sm" fw={500}>
          {phone}
        </Text>
      </AppShell.Section>
    </>
  );
}
