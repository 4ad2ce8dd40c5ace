// One scheduled send (spec §2, §4): its text, time and sender once, and each recipient, every one
// cancellable until the time comes (then being sent). Its badge uses the statuses History shows:
// 'scheduled' while it waits, 'pending' once its time has come.
import { Button, Card, Group, SimpleGrid, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import { useState } from 'react';
import type { ScheduledMessage } from '@kurir/core/schemas/messages';
import { formatPhoneForReading } from '@kurir/core/phone-format';
import { formatDateTime } from '../../../lib/format';
import { ChannelBadge, StatusBadge } from '../../../components/message-status';
import type { ScheduledBatch } from './scheduled-batches';

/** Recipients listed before "Show all": a long list would push the other sends off the screen. */
const SHOWN_RECIPIENTS = 5;

type Props = {
  batch: ScheduledBatch;
  processing: boolean;
  /** The message being cancelled, if it is one of this batch's. */
  cancellingId: string | null;
  onCancel: (message: ScheduledMessage) => void;
};

function Field({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text fz="xs" c="dimmed">
        {label}
      </Text>
      <Text fz="sm" fw={500}>
        {value}
      </Text>
    </div>
  );
}

export function ScheduledCard({ batch, processing, cancellingId, onCancel }: Props) {
  const first = batch.messages[0]!;
  const single = batch.messages.length === 1;
  return (
    <Card padding="md" data-testid="scheduled-card">
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Group gap="xs" wrap="nowrap">
            <ChannelBadge channel={first.channel} />
            <Text fw={600} fz="sm">
              {single ? formatPhoneForReading(first.recipient) : `${batch.messages.length} recipients`}
            </Text>
          </Group>
          <StatusBadge status={processing ? 'pending' : 'scheduled'} />
        </Group>
        <Text fz="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} lineClamp={4}>
          {first.message}
        </Text>
        <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="xs">
          <Field label="Scheduled for" value={formatDateTime(first.scheduled_for)} />
          <Field label="Sender" value={first.sender_name} />
          <Field label="Created" value={formatDateTime(first.created_at)} />
        </SimpleGrid>
        {single ? (
          !processing && (
            <Button
              variant="light"
              color="red"
              size="xs"
              leftSection={<IconX size={14} aria-hidden />}
              onClick={() => onCancel(first)}
              loading={cancellingId === first.id}
              style={{ alignSelf: 'flex-end' }}
            >
              Cancel
            </Button>
          )
        ) : (
          <RecipientList messages={batch.messages} processing={processing} cancellingId={cancellingId} onCancel={onCancel} />
        )}
      </Stack>
    </Card>
  );
}

/** A batch's recipients, each with its own Cancel (one message, one refund). */
function RecipientList({ messages, processing, cancellingId, onCancel }: Omit<Props, 'batch'> & { messages: ScheduledMessage[] }) {
  const [all, setAll] = useState(false);
  const shown = all ? messages : messages.slice(0, SHOWN_RECIPIENTS);
  return (
    <Stack gap={4} component="ul" m={0} p={0} pt="xs" style={{ listStyle: 'none', borderTop: '1px solid var(--mantine-color-default-border)' }} aria-label="Recipients">
      <Text component="li" fz="xs" c="dimmed" aria-hidden>
        Recipients
      </Text>
      {shown.map((m) => {
        const number = formatPhoneForReading(m.recipient);
        return (
          <Group component="li" key={m.id} justify="space-between" wrap="nowrap" gap="xs">
            <Text fz="sm" style={{ fontVariantNumeric: 'tabular-nums' }}>
              {number}
            </Text>
            {!processing && (
              <Button
                variant="subtle"
                color="red"
                size="compact-xs"
                onClick={() => onCancel(m)}
                loading={cancellingId === m.id}
                aria-label={`Cancel the message to ${number}`}
              >
                Cancel
              </Button>
            )}
          </Group>
        );
      })}
      {messages.length > SHOWN_RECIPIENTS && (
        <li>
          <UnstyledButton fz="sm" c="blue.8" onClick={() => setAll(!all)} aria-expanded={all}>
            {all ? 'Show fewer' : `Show all ${messages.length} recipients`}
          </UnstyledButton>
        </li>
      )}
    </Stack>
  );
}
