// Every customer's scheduled messages (admin spec §2 "Scheduled Messages page"): overdue rows are
// highlighted and badged; only a waiting message has a delete button.
import { ActionIcon, Badge, Table, Text, Tooltip } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { ADMIN_SCHEDULED_MESSAGES, type AdminScheduledMessage } from '@kurir/core';
import { formatDateTime } from '../../../lib/format';
import { SCHEDULED_STATUS_COLORS, canDelete, fromLines, isOverdue } from './scheduled-format';

type Props = { messages: AdminScheduledMessage[]; now: Date; onDelete: (m: AdminScheduledMessage) => void; deletingId: string | null };

function ScheduledRow({ message, now, onDelete, deleting }: { message: AdminScheduledMessage; now: Date; onDelete: () => void; deleting: boolean }) {
  const overdue = isOverdue(message, now);
  const [sender, phone] = fromLines(message);
  return (
    <Table.Tr data-testid="admin-scheduled-row" data-overdue={overdue || undefined} bg={overdue ? 'var(--mantine-color-orange-light)' : undefined}>
      <Table.Td fz="sm" style={{ whiteSpace: 'nowrap' }}>
        {message.recipient}
      </Table.Td>
      <Table.Td maw={320}>
        <Text fz="sm" lineClamp={2} title={message.message}>
          {message.message}
        </Text>
        {message.error_message && (
          <Text fz="xs" c="red.7" lineClamp={2}>
            Error: {message.error_message}
          </Text>
        )}
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>
        <Text fz="sm">{formatDateTime(message.scheduled_for)}</Text>
        {overdue && (
          <Badge miw="fit-content" color="orange" variant="filled" size="sm" mt={4}>
            {ADMIN_SCHEDULED_MESSAGES.overdue}
          </Badge>
        )}
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>
        <Text fz="sm">{sender}</Text>
        <Text fz="xs" c="dimmed">
          {phone}
          {message.user_name ? ` · ${message.user_name}` : ''}
        </Text>
      </Table.Td>
      <Table.Td>
        <Badge miw="fit-content" variant="outline" color={message.channel === 'viber' ? 'violet' : 'blue'} size="sm">
          {message.channel === 'viber' ? 'Viber' : 'SMS'}
        </Badge>
      </Table.Td>
      <Table.Td>
        <Badge miw="fit-content" variant="light" color={SCHEDULED_STATUS_COLORS[message.status]} data-status={message.status}>
          {message.status}
        </Badge>
      </Table.Td>
      <Table.Td ta="right">
        {canDelete(message) && (
          <Tooltip label="Delete and refund">
            <ActionIcon variant="subtle" color="red" aria-label={`Delete scheduled message to ${message.recipient}`} onClick={onDelete} loading={deleting}>
              <IconTrash size={16} />
            </ActionIcon>
          </Tooltip>
        )}
      </Table.Td>
    </Table.Tr>
  );
}

export function ScheduledTable({ messages, now, onDelete, deletingId }: Props) {
  return (
    <Table.ScrollContainer minWidth={960}>
      <Table verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>To</Table.Th>
            <Table.Th>Message</Table.Th>
            <Table.Th>Scheduled For</Table.Th>
            <Table.Th>From</Table.Th>
            <Table.Th>Channel</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th ta="right">Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {messages.map((m) => (
            <ScheduledRow key={m.id} message={m} now={now} onDelete={() => onDelete(m)} deleting={deletingId === m.id} />
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
