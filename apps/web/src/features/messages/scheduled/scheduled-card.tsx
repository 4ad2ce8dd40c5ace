// One scheduled message (spec §2, §4): cancellable until its time, then being sent. Its badge
// uses the statuses History shows: 'scheduled' while it waits, 'pending' once its time has come.
import { Button, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import type { ScheduledMessage } from '@kurir/core/schemas/messages';
import { formatDateTime } from '../../../lib/format';
import { formatPhoneForReading } from '@kurir/core/phone-format';
import { ChannelBadge, StatusBadge } from '../../../components/message-status';

type Props = { message: ScheduledMessage; processing: boolean; cancelling: boolean; onCancel: () => void };

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

export function ScheduledCard({ message, processing, cancelling, onCancel }: Props) {
  return (
    <Card padding="md" data-testid="scheduled-card">
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Group gap="xs" wrap="nowrap">
            <ChannelBadge channel={message.channel} />
            <Text fw={600} fz="sm">
              {formatPhoneForReading(message.recipient)}
            </Text>
          </Group>
          <StatusBadge status={processing ? 'pending' : 'scheduled'} />
        </Group>
        <Text fz="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} lineClamp={4}>
          {message.message}
        </Text>
        <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="xs">
          <Field label="Scheduled for" value={formatDateTime(message.scheduled_for)} />
          <Field label="Sender" value={message.sender_name} />
          <Field label="Created" value={formatDateTime(message.created_at)} />
        </SimpleGrid>
        {!processing && (
          <Button
            variant="light"
            color="red"
            size="xs"
            leftSection={<IconX size={14} aria-hidden />}
            onClick={onCancel}
            loading={cancelling}
            style={{ alignSelf: 'flex-end' }}
          >
            Cancel
          </Button>
        )}
      </Stack>
    </Card>
  );
}
