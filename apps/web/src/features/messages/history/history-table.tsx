// One page of messages: a table on wide screens, a stack of cards on phones.
import { Card, Group, Stack, Table, Text } from '@mantine/core';
import type { HistoryMessage } from '@kurir/core/schemas/messages';
import { formatDateTime } from '../../../lib/format';
import { AdminSentBadge } from './admin-sent-badge';
import { ChannelBadge, StatusBadge } from '../../../components/message-status';
import { formatPhoneForReading } from '@kurir/core/phone-format';
import { formatMessagePrice } from './price';

const reasonOf = (m: HistoryMessage) => (m.status === 'failed' ? m.error_message : null);

/** When it was sent; a message still waiting also says when it will go. */
function SentAt({ message, align }: { message: HistoryMessage; align?: 'right' }) {
  return (
    <div style={{ textAlign: align }}>
      <Text fz={align ? 'xs' : 'sm'} c={align ? 'dimmed' : undefined} style={{ whiteSpace: 'nowrap' }}>
        {formatDateTime(message.created_at)}
      </Text>
      {message.status === 'scheduled' && message.scheduled_for && (
        <Text fz="xs" c="violet.9" style={{ whiteSpace: 'nowrap' }}>
          for {formatDateTime(message.scheduled_for)}
        </Text>
      )}
    </div>
  );
}

export function HistoryTable({ messages }: { messages: HistoryMessage[] }) {
  return (
    <>
      <Table.ScrollContainer minWidth={760} visibleFrom="sm">
        <Table verticalSpacing="sm" highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Recipient</Table.Th>
              <Table.Th>Message</Table.Th>
              <Table.Th>Channel</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>Sent</Table.Th>
              <Table.Th ta="right">Price</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {messages.map((m) => (
              <Table.Tr key={m.id} data-testid="history-row">
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatPhoneForReading(m.recipient)}</Table.Td>
                <Table.Td maw={320}>
                  <Text fz="sm" lineClamp={2} title={m.message}>
                    {m.message}
                  </Text>
                  {m.sent_by_admin && <AdminSentBadge />}
                </Table.Td>
                <Table.Td>
                  <ChannelBadge channel={m.channel} />
                </Table.Td>
                <Table.Td maw={200}>
                  <StatusBadge status={m.status} reason={reasonOf(m)} />
                </Table.Td>
                <Table.Td>
                  <SentAt message={m} />
                </Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
                  {formatMessagePrice(m.sell_price)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Stack gap="sm" hiddenFrom="sm">
        {messages.map((m) => (
          <Card key={m.id} padding="sm" radius="md">
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <Text fw={600} fz="sm">
                {formatPhoneForReading(m.recipient)}
              </Text>
              <ChannelBadge channel={m.channel} />
            </Group>
            <Text fz="sm" mt={4} lineClamp={3}>
              {m.message}
            </Text>
            {m.sent_by_admin && <AdminSentBadge />}
            <Group justify="space-between" mt="xs" align="flex-end" wrap="nowrap">
              <StatusBadge status={m.status} reason={reasonOf(m)} />
              <div style={{ textAlign: 'right' }}>
                <SentAt message={m} align="right" />
                <Text fz="sm" fw={500} style={{ fontVariantNumeric: 'tabular-nums' }}>
                  {formatMessagePrice(m.sell_price)}
                </Text>
              </div>
            </Group>
          </Card>
        ))}
      </Stack>
    </>
  );
}
