// Account Information (read-only): status, dates and the role as Account Type (spec §3). The raw
// user id is an internal key, not something a customer reads or quotes: it is not shown.
import { Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { User } from '@kurir/core/schemas/auth';
import { formatDateTime } from '../../lib/format';

const ROLE_LABELS: Record<string, string> = { admin: 'Admin', user: 'User', slave: 'Sub-account' };

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
      <Text fz="sm" c="dimmed" style={{ flexShrink: 0 }}>
        {label}
      </Text>
      <Text fz="sm" fw={500} ta="right" component="div" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Group>
  );
}

export function AccountInformationCard({ user }: { user: User }) {
  const active = (user.status ?? 'active') === 'active';
  return (
    <Card padding="lg" component="section" aria-labelledby="account-info-heading">
      <Title id="account-info-heading" order={2} fz="lg" mb="md">
        Account Information
      </Title>
      <Stack gap={10}>
        <Row label="Status">
          <Badge color={active ? 'teal' : 'gray'} variant="light">
            {active ? 'Active' : 'Inactive'}
          </Badge>
        </Row>
        <Row label="Member since">{formatDateTime(user.created_at)}</Row>
        <Row label="Last login">{user.last_login ? formatDateTime(user.last_login) : 'Never'}</Row>
        <Row label="Account Type">{ROLE_LABELS[user.role] ?? user.role}</Row>
      </Stack>
    </Card>
  );
}
