// /dashboard/scheduled-messages (spec §2, §4, §8, §9): what is waiting to be sent, refreshed every
// 30 s. Cancelling asks first; the server refunds it, so the balance and history refresh too.
import { Anchor, Button, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconCalendarOff } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { Link } from 'react-router';
import type { ScheduledMessage } from '@kurir/core/schemas/messages';
import { isApiError } from '../../../lib/api';
import { useSingleSubmit } from '../../../lib/single-submit';
import { toast } from '../../../lib/toast';
import { useCancelScheduled } from '../api/cancel-scheduled';
import { getScheduledQuery } from '../api/get-scheduled';
import { ScheduledCard } from './scheduled-card';
import { groupIntoBatches } from './scheduled-batches';
import { useNow } from './use-now';
import { PageHeader } from '../../../components/page-header';
import { closedGateOf } from '../../../components/feature-gate';
import { ServiceRequired } from '../../../components/service-required';
import { useSignedInUser } from '../../../lib/session/signed-in-user';
import { ListSkeleton } from '../../../components/list-skeleton';

const CLOCK_TICK_MS = 5_000;

function Summary({ label, value, color }: { label: string; value: number; color?: string }) {
  return (
    <div>
      <Text fz="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fz={28} fw={700} c={color} style={{ fontVariantNumeric: 'tabular-nums' }}>
        {value}
      </Text>
    </div>
  );
}

export function ScheduledMessagesPage() {
  // The sidebar's own gate (components/feature-gate), so the page and the sidebar always agree.
  const gate = closedGateOf('/dashboard/scheduled-messages', useSignedInUser().features);
  if (gate) {
    return (
      <Stack gap="lg" maw={1100}>
        <PageHeader title="Scheduled messages" description="Messages waiting for their time. You can cancel them until they are sent." />
        <Card padding="lg">
          <ServiceRequired feature={gate.feature} service={gate.service} />
        </Card>
      </Stack>
    );
  }
  return <ScheduledMessagesList />;
}

// Over 80 lines only by its states' markup (loading, locked, error, empty, list), kept together so
// the page's states read in one place.
function ScheduledMessagesList() {
  const query = useQuery(getScheduledQuery());
  const cancel = useCancelScheduled();
  const cancelOnce = useSingleSubmit(cancel);
  const now = useNow(CLOCK_TICK_MS);
  const messages = query.data?.messages ?? [];
  const batches = groupIntoBatches(messages);
  const isProcessing = (m: ScheduledMessage) => new Date(m.scheduled_for).getTime() <= now;
  const processing = messages.filter(isProcessing).length;

  const [asking, setAsking] = useState<ScheduledMessage | null>(null);
  function cancelAsked() {
    if (!asking) return;
    cancelOnce(asking.id, {
      onSuccess: () => {
        setAsking(null);
        toast.success('Scheduled message cancelled successfully');
      },
      onError: (error) => {
        setAsking(null);
        toast.error('Error', isApiError(error) ? error.detail : 'Failed to cancel scheduled message');
      },
    });
  }
  const confirmCancel = (message: ScheduledMessage) => setAsking(message);

  return (
    <Stack gap="lg" maw={1100}>
      <ConfirmDialog
        opened={asking !== null}
        title="Cancel scheduled message"
        question="Are you sure you want to cancel this scheduled message?"
        confirmLabel="Cancel message"
        cancelLabel="Keep it"
        busy={cancel.isPending}
        onConfirm={cancelAsked}
        onClose={() => setAsking(null)}
      />
      <PageHeader title="Scheduled messages" description="Messages waiting for their time. You can cancel them until they are sent." />
      <Card padding="lg">
        <SimpleGrid cols={3} spacing="md">
          <Summary label="Total Scheduled" value={messages.length} />
          {/* The badges' words (History's statuses): waiting is 'scheduled', due is 'pending'. */}
          <Summary label="Scheduled" value={messages.length - processing} color="violet.8" />
          <Summary label="Pending" value={processing} color="yellow.9" />
        </SimpleGrid>
      </Card>
      {query.isPending ? (
        <ListSkeleton label="Loading scheduled messages" count={2} height={200} cols={{ base: 1, md: 2 }} />
      ) : query.isError ? (
        <Card padding="lg">
          <Group justify="space-between">
            <Text c="red.9">Could not load your scheduled messages.</Text>
            <Button variant="default" size="xs" onClick={() => query.refetch()}>
              Try again
            </Button>
          </Group>
        </Card>
      ) : messages.length === 0 ? (
        <Card padding="xl">
          <Stack align="center" gap="xs">
            <IconCalendarOff size={36} color="var(--mantine-color-gray-5)" aria-hidden />
            <Text c="dimmed">No scheduled messages</Text>
            <Anchor component={Link} to="/dashboard/send-sms" fz="sm">
              Schedule a message
            </Anchor>
          </Stack>
        </Card>
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          {batches.map((batch) => (
            <ScheduledCard
              key={batch.batchId}
              batch={batch}
              processing={isProcessing(batch.messages[0]!)}
              cancellingId={cancel.isPending ? (cancel.variables ?? null) : null}
              onCancel={confirmCancel}
            />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
