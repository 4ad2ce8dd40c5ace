// Phones: each message as a card — who sent what to whom, its status, when and for how much.
import { Badge, Card, Group, Stack, Text } from '@mantine/core';
import type { AdminMessage } from '@kurir/core';
import { formatSellPrice, relativeTime, shownStatus, withPlus } from './message-format';
import { MESSAGE_STATUS_STYLE, TestBadge } from './messages-table';

export function MessageCards({ messages }: { messages: AdminMessage[] }) {
  const now = new Date();
  return (
    <Stack gap="sm">
      {messages.map((m) => {
        const status = MESSAGE_STATUS_STYLE[shownStatus(m.status)];
        return (
          <Card key={m.id} padding="sm" withBorder data-testid="all-messages-card">
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <Text fz="sm" fw={600} truncate>
                {m.user_phone}
                {m.user_name ? ` · ${m.user_name}` : ''}
              </Text>
              <Badge miw="fit-content" variant="light" color={status.color} title={`Stored status: ${m.status}`}>
                {status.label}
              </Badge>
            </Group>
            <Text fz="xs" c="dimmed">
              {m.sender_name} → {withPlus(m.recipient)}
            </Text>
            <Text fz="sm" mt={6} lineClamp={3} title={m.message}>
              {m.message}
            </Text>
            <Group justify="space-between" mt={6}>
              <Text fz="xs" c="dimmed">
                {relativeTime(m.created_at, now)}
              </Text>
              <Text fz="sm" fw={500} style={{ fontVariantNumeric: 'tabular-nums' }}>
                {m.test && <TestBadge />} {formatSellPrice(m.sell_price)}
              </Text>
            </Group>
          </Card>
        );
      })}
    </Stack>
  );
}
