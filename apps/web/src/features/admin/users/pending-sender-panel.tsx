// Pending custom sender names (admin spec §2, §4): each request with the actions its status
// allows — Send to provider and Deny while pending, Approve and Deny while waiting for the
// mobile provider. The list reloads after each action.
import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import {
  CUSTOM_SENDER_ACTIONS_BY_STATUS,
  CUSTOM_SENDER_STATUS_LABELS,
  CUSTOM_SENDER_TOASTS,
  type CustomSenderAction,
  type PendingSenderRequest,
} from '@kurir/core';
import { errorDetail, serverMessageOr } from '../../../lib/api';
import { formatDateTime } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { useCustomSenderAction } from './api/custom-sender-action';
import { getPendingSenderNamesQuery } from './api/get-pending-sender-names';

const ACTION_BUTTONS: Record<CustomSenderAction, { label: string; color: string; variant: string }> = {
  'send-to-provider': { label: 'Send to provider', color: 'blue', variant: 'light' },
  approve: { label: 'Approve', color: 'teal', variant: 'filled' },
  deny: { label: 'Deny', color: 'red', variant: 'subtle' },
};

/** Who asked: their name and phone, or only the phone when no name is on file. */
function requester(request: PendingSenderRequest): string {
  const name = [request.first_name, request.last_name].filter((part) => part?.trim()).join(' ');
  return name ? `${name} · ${request.phone}` : request.phone;
}

type Decision = ReturnType<typeof useCustomSenderAction>;

function RequestRow({ request, decide }: { request: PendingSenderRequest; decide: Decision }) {
  const run = (action: CustomSenderAction) =>
    decide.mutate(
      { action, requestId: request.id },
      {
        onSuccess: () => toast.success(CUSTOM_SENDER_TOASTS[action].success),
        onError: (error) => toast.error(serverMessageOr(error, CUSTOM_SENDER_TOASTS[action].failure)),
      },
    );
  const busy = decide.isPending && decide.variables?.requestId === request.id;
  return (
    <Group justify="space-between" wrap="wrap" gap="sm" py="xs" style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}>
      <div style={{ minWidth: 0 }}>
        <Group gap="xs">
          <Text fw={700} ff="monospace">
            {request.custom_sender_name}
          </Text>
          <Badge color={request.status === 'pending' ? 'yellow' : 'blue'} variant="light" tt="none">
            {CUSTOM_SENDER_STATUS_LABELS[request.status]}
          </Badge>
        </Group>
        <Text fz="sm" c="dimmed">
          {requester(request)} · requested {formatDateTime(request.purchased_at)}
        </Text>
      </div>
      <Group gap="xs">
        {CUSTOM_SENDER_ACTIONS_BY_STATUS[request.status].map((action) => (
          <Button
            key={action}
            size="xs"
            color={ACTION_BUTTONS[action].color}
            variant={ACTION_BUTTONS[action].variant}
            loading={busy && decide.variables?.action === action}
            disabled={decide.isPending}
            onClick={() => run(action)}
          >
            {ACTION_BUTTONS[action].label}
          </Button>
        ))}
      </Group>
    </Group>
  );
}

export function PendingSenderPanel() {
  const pending = useQuery(getPendingSenderNamesQuery());
  // One mutation for the panel, not one per row: an approved request leaves the list (its row
  // unmounts) before the call's onSuccess would run, and the toast must still show.
  const decide = useCustomSenderAction();
  const requests = pending.data ?? [];
  return (
    <Card padding="lg">
      <Group justify="space-between" mb="xs">
        <Title order={2} fz="lg">
          Custom sender name requests
        </Title>
        {requests.length > 0 && <Badge variant="filled" color="yellow">{requests.length} waiting</Badge>}
      </Group>
      {pending.isPending && <Text c="dimmed">Loading requests…</Text>}
      {pending.isError && (
        <Text c="red" role="alert">
          Could not load the requests: {errorDetail(pending.error)}
        </Text>
      )}
      {pending.isSuccess && requests.length === 0 && <Text c="dimmed">No sender names are waiting for review.</Text>}
      <Stack gap={0}>
        {requests.map((request) => (
          <RequestRow key={request.id} request={request} decide={decide} />
        ))}
      </Stack>
    </Card>
  );
}
