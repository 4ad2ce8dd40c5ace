// One page of every customer's messages (admin spec §2 "All Messages page"): user, sender,
// recipient, the text (in full on hover), status, when, and the price the customer paid.
import { Badge, Table, Text, Tooltip } from '@mantine/core';
import type { AdminMessage } from '@kurir/core';
import { formatDateTime } from '../../../lib/format';
import { formatSellPrice, relativeTime, shownStatus, withPlus, type ShownStatus } from './message-format';

export const MESSAGE_STATUS_STYLE: Record<ShownStatus, { label: string; color: string }> = {
  pending: { label: 'pending', color: 'yellow' },
  sent: { label: 'sent', color: 'blue' },
  delivered: { label: 'delivered', color: 'teal' },
  failed: { label: 'failed', color: 'red' },
  unknown: { label: 'Unknown', color: 'gray' },
};

/** A message sent with a test API key: free, carried by the simulator, not traffic. */
export function TestBadge() {
  return (
    <Badge variant="outline" color="gray" size="sm" title="Sent with a test API key: free, carried by the simulator">
      Test
    </Badge>
  );
}

function MessageRow({ message, now }: { message: AdminMessage; now: Date }) {
  const status = MESSAGE_STATUS_STYLE[shownStatus(message.status)];
  return (
    <Table.Tr data-testid="all-messages-row">
      <Table.Td style={{ whiteSpace: 'nowrap' }}>
        <Text fz="sm" fw={500}>
          {message.user_phone}
        </Text>
        {message.user_name && (
          <Text fz="xs" c="dimmed" truncate maw={180}>
            {message.user_name}
          </Text>
        )}
      </Table.Td>
      <Table.Td fz="sm">{message.sender_name}</Table.Td>
      <Table.Td fz="sm" style={{ whiteSpace: 'nowrap' }}>
        {withPlus(message.recipient)}
      </Table.Td>
      <Table.Td maw={300}>
        <Tooltip label={message.message} multiline maw={360} withArrow openDelay={200}>
          <Text fz="sm" truncate="end" title={message.message}>
            {message.message}
          </Text>
        </Tooltip>
      </Table.Td>
      <Table.Td>
        <Badge miw="fit-content" variant="light" color={status.color} data-status={shownStatus(message.status)} title={`Stored status: ${message.status}`}>
          {status.label}
        </Badge>
      </Table.Td>
      <Table.Td fz="sm" style={{ whiteSpace: 'nowrap' }} title={formatDateTime(message.created_at)}>
        {relativeTime(message.created_at, now)}
      </Table.Td>
      <Table.Td ta="right" fz="sm" style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
        {message.test && <TestBadge />} {formatSellPrice(message.sell_price)}
      </Table.Td>
    </Table.Tr>
  );
}

export function MessagesTable({ messages }: { messages: AdminMessage[] }) {
  const now = new Date();
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>User</Table.Th>
            <Table.Th>Sender Name</Table.Th>
            <Table.Th>Recipient</Table.Th>
            <Table.Th>Message</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Sent</Table.Th>
            <Table.Th ta="right">Price</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {messages.map((m) => (
            <MessageRow key={m.id} message={m} now={now} />
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
