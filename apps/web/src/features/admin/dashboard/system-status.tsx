// System Status (admin spec §2): each check the server ran, with what it measured and a badge
// that reads at a glance (OK green, Warning yellow, Error red).
import { Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { SystemCheckState } from '@kurir/core';
import { errorDetail } from '../../../lib/api';
import { formatTime } from '../../../lib/format';
import { getSystemStatusQuery } from './api/get-system-status';

export const CHECK_BADGES: Record<SystemCheckState, { label: string; color: string }> = {
  ok: { label: 'OK', color: 'teal' },
  degraded: { label: 'Warning', color: 'yellow' },
  down: { label: 'Error', color: 'red' },
};

export function SystemStatus() {
  const status = useQuery(getSystemStatusQuery());
  return (
    <Card padding="lg">
      <Group justify="space-between" mb="sm">
        <Title order={2} fz="lg">
          System Status
        </Title>
        {status.data && (
          <Text fz="xs" c="dimmed">
            Checked {formatTime(status.data.checkedAt)}
          </Text>
        )}
      </Group>
      {status.isPending && <Text c="dimmed">Running checks…</Text>}
      {status.isError && (
        <Text c="red" role="alert">
          Could not run the checks: {errorDetail(status.error)}
        </Text>
      )}
      <Stack gap="sm">
        {status.data?.checks.map((check) => (
          <Group key={check.name} justify="space-between" wrap="nowrap" gap="sm">
            <div style={{ minWidth: 0 }}>
              <Text fw={500}>{check.name}</Text>
              <Text fz="sm" c="dimmed">
                {check.detail}
              </Text>
            </div>
            <Badge color={CHECK_BADGES[check.state].color} variant="light" style={{ flexShrink: 0 }}>
              {CHECK_BADGES[check.state].label}
            </Badge>
          </Group>
        ))}
      </Stack>
    </Card>
  );
}
