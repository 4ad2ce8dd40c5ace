// Phones: each scheduled message as a card, overdue ones tinted and badged like the table's rows.
import { ActionIcon, Badge, Card, Group, Stack, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { ADMIN_SCHEDULED_MESSAGES, type AdminScheduledMessage } from '@kurir/core';
import { formatDateTime } from '../../../lib/format';
import { SCHEDULED_STATUS_COLORS, canDelete, fromLines, isOverdue } from './scheduled-format';

type Props = { messages: AdminScheduledMessage[]; now: Date; onDelete: (m: AdminScheduledMessage) => void; deletingId: string | null };

export function ScheduledCards({ messages, now, onDelete, deletingId }: Props) {
  return (
    <Stack gap="sm">
      {messages.map((m) => {
        const overdue = isOverdue(m, now);
        const [sender, phone] = fromLines(m);
        return (
          <Card key={m.id} padding="sm" withBorder data-testid="admin-scheduled-card" bg={overdue ? 'var(--mantine-color-orange-light)' : undefined}>
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <Text fz="sm" fw={600}>
                {m.recipient}
              </Text>
              <Group gap={4} wrap="nowrap">
                {overdue && (
                  <Badge miw="fit-content" color="orange" variant="filled" size="sm">
                    {ADMIN_SCHEDULED_MESSAGES.overdue}
                  </Badge>
                )}
                <Badge miw="fit-content" variant="light" color={SCHEDULED_STATUS_COLORS[m.status]}>
                  {m.status}
                </Badge>
              </Group>
            </Group>
            <Text fz="sm" mt={6} lineClamp={3}>
              {m.message}
            </Text>
            {m.error_message && (
              <Text fz="xs" c="red.7">
                Error: {m.error_message}
              </Text>
            )}
            <Group justify="space-between" mt={6} wrap="nowrap" gap="xs">
              <Text fz="xs" c="dimmed">
                {formatDateTime(m.scheduled_for)} · {m.channel === 'viber' ? 'Viber' : 'SMS'} · {sender} · {phone}
              </Text>
              {canDelete(m) && (
                <ActionIcon variant="subtle" color="red" aria-label={`Delete scheduled message to ${m.recipient}`} onClick={() => onDelete(m)} loading={deletingId === m.id}>
                  <IconTrash size={16} />
                </ActionIcon>
              )}
            </Group>
          </Card>
        );
      })}
    </Stack>
  );
}
