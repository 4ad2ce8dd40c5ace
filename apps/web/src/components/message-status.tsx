// The one vocabulary of message statuses (customer spec §3, §4): History, Scheduled and the
// dashboard chart name and colour a status with this map, so a message reads the same everywhere.
// A failed message says why.
import { Badge, Text } from '@mantine/core';
import { MESSAGE_STATUS_VALUES, type MessageStatus } from '@kurir/core/constants';

export const MESSAGE_STATUS_DISPLAY: Record<MessageStatus, { label: string; color: string; meaning: string }> = {
  pending: { label: 'pending', color: 'yellow', meaning: 'In the queue, being sent' },
  sent: { label: 'sent', color: 'blue', meaning: 'Sent, waiting for the delivery receipt' },
  delivered: { label: 'delivered', color: 'teal', meaning: 'Confirmed by the network' },
  failed: { label: 'failed', color: 'red', meaning: 'Not delivered, refunded to your balance' },
  scheduled: { label: 'scheduled', color: 'violet', meaning: 'Waiting for its time' },
  deleted: { label: 'deleted', color: 'gray', meaning: 'Cancelled before it was sent, refunded' },
};
const STATUS = MESSAGE_STATUS_DISPLAY;

function isKnown(status: string): status is MessageStatus {
  return (MESSAGE_STATUS_VALUES as readonly string[]).includes(status);
}

export function StatusBadge({ status, reason }: { status: string; reason?: string | null }) {
  const known = isKnown(status) ? STATUS[status] : { label: 'Unknown', color: 'gray' };
  const badge = (
    <Badge variant="light" color={known.color} data-status={isKnown(status) ? status : 'unknown'}>
      {known.label}
    </Badge>
  );
  if (!reason) return badge;
  return (
    <div>
      {badge}
      {/* The whole reason on hover when two lines cut it short (a native tooltip: no popover code). */}
      <Text fz="xs" c="red.9" mt={2} lineClamp={2} title={reason}>
        {reason}
      </Text>
    </div>
  );
}

export function ChannelBadge({ channel }: { channel: string | null | undefined }) {
  const viber = channel === 'viber';
  return (
    <Badge variant="outline" color={viber ? 'violet' : 'brand'} size="sm">
      {viber ? 'Viber' : 'SMS'}
    </Badge>
  );
}
