// Status and channel badges of a sent message (spec §3, §4). A failed message says why.
import { Badge, Text, Tooltip } from '@mantine/core';
import { MESSAGE_STATUS_VALUES, type MessageStatus } from '@kurir/core/constants';

const STATUS: Record<MessageStatus, { label: string; color: string }> = {
  pending: { label: 'pending', color: 'yellow' },
  sent: { label: 'sent', color: 'blue' },
  delivered: { label: 'delivered', color: 'teal' },
  failed: { label: 'failed', color: 'red' },
  scheduled: { label: 'scheduled', color: 'violet' },
  deleted: { label: 'deleted', color: 'gray' },
};

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
      <Tooltip label={reason} multiline maw={280} withArrow>
        {badge}
      </Tooltip>
      <Text fz="xs" c="red.9" mt={2} lineClamp={2}>
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

export function withPlus(recipient: string): string {
  return recipient.startsWith('+') ? recipient : `+${recipient}`;
}
