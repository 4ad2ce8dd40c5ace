// Settings › Delivery webhook: the endpoint and its signing secret, why it was disabled (if it
// was), and the delivery log (event, attempts, response code, latency) with Replay.
import { Alert, Anchor, Badge, Button, Card, Group, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { createWebhookEndpointBodySchema, type WebhookEndpoint } from '@kurir/core';
import { Link } from 'react-router';
import { errorDetail } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { useSingleSubmit } from '../../lib/single-submit';
import { toast } from '../../lib/toast';
import { deliveriesQuery, useCreateWebhookEndpoint, useDeleteWebhookEndpoint, useReplayDelivery, webhookEndpointsQuery } from './api/webhooks';
import { CopyField } from './copy-field';

const STATUS_COLORS = { pending: 'blue', succeeded: 'teal', failed: 'red' } as const;

function DeliveryLog({ endpointId }: { endpointId: string }) {
  const deliveries = useQuery(deliveriesQuery(endpointId));
  const replay = useReplayDelivery(endpointId);
  if (deliveries.isError) return <Alert color="red">{errorDetail(deliveries.error) || 'Failed to load deliveries'}</Alert>;
  if (!deliveries.data) return null;
  if (deliveries.data.length === 0) return <Text c="dimmed" size="sm">No deliveries yet. Every status change of your messages is sent here.</Text>;
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table verticalSpacing="xs" aria-label="Delivery log">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Event</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Attempts</Table.Th>
            <Table.Th>Response</Table.Th>
            <Table.Th>Latency</Table.Th>
            <Table.Th>Last attempt</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {deliveries.data.map((d) => (
            <Table.Tr key={d.id}>
              <Table.Td>
                <Text size="sm" ff="monospace">
                  {d.event}
                </Text>
                <Text size="xs" c="dimmed">
                  {d.message_id}
                </Text>
              </Table.Td>
              <Table.Td>
                <Badge variant="light" color={STATUS_COLORS[d.status]} miw={96}>
                  {d.status}
                </Badge>
              </Table.Td>
              <Table.Td>{d.attempts}</Table.Td>
              <Table.Td>{d.response_code ?? (d.error ? <Text size="xs" c="red">{d.error}</Text> : '—')}</Table.Td>
              <Table.Td>{d.latency_ms !== null ? `${d.latency_ms} ms` : '—'}</Table.Td>
              <Table.Td>{d.last_attempt_at ? formatDateTime(d.last_attempt_at) : '—'}</Table.Td>
              <Table.Td>
                <Button
                  size="xs"
                  variant="subtle"
                  loading={replay.isPending && replay.variables === d.id}
                  onClick={() =>
                    replay.mutate(d.id, {
                      onSuccess: () => toast.success('Delivery queued again'),
                      onError: (e) => toast.error('Error', errorDetail(e) || 'Failed to replay the delivery'),
                    })
                  }
                >
                  Replay
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function Endpoint({ endpoint }: { endpoint: WebhookEndpoint }) {
  const remove = useDeleteWebhookEndpoint();
  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="nowrap">
        <Text fw={500} style={{ wordBreak: 'break-all' }}>
          {endpoint.url}
        </Text>
        <Button
          size="xs"
          variant="subtle"
          color="red"
          style={{ flexShrink: 0 }}
          loading={remove.isPending}
          onClick={() => {
            if (!window.confirm('Delete this webhook endpoint and its delivery log?')) return;
            remove.mutate(endpoint.id, {
              onSuccess: () => toast.success('Webhook endpoint deleted'),
              onError: (e) => toast.error('Error', errorDetail(e) || 'Failed to delete the endpoint'),
            });
          }}
        >
          Delete
        </Button>
      </Group>
      {endpoint.disabled_at && (
        <Alert color="red" title="Disabled">
          {endpoint.disabled_reason} Replay a delivery once your endpoint works again to enable it.
        </Alert>
      )}
      <div>
        <Text size="sm" c="dimmed" mb={4}>
          Signing secret (verify the <code>Kurir-Signature</code> header with it; see the <Anchor component={Link} to="/docs/api">API docs</Anchor>)
        </Text>
        <CopyField value={endpoint.secret} label="Signing secret" />
      </div>
      <Title order={3} fz="md">
        Delivery log
      </Title>
      <DeliveryLog endpointId={endpoint.id} />
    </Stack>
  );
}

function EndpointForm() {
  const [url, setUrl] = useState('');
  const [error, setError] = useState<string | undefined>();
  const create = useCreateWebhookEndpoint();
  const createOnce = useSingleSubmit(create);
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = createWebhookEndpointBodySchema.safeParse({ url });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    createOnce(parsed.data.url, {
      onSuccess: () => {
        setUrl('');
        toast.success('Webhook endpoint saved');
      },
      onError: (e) => setError(errorDetail(e) || 'Failed to save the endpoint'),
    });
  }
  return (
    <form onSubmit={submit} noValidate>
      <Group align="flex-end" gap="sm">
        <TextInput label="Endpoint URL" placeholder="https://example.com/webhooks/kurir" value={url} onChange={(e) => setUrl(e.currentTarget.value)} error={error} style={{ flex: 1, minWidth: 220 }} />
        <Button type="submit" loading={create.isPending}>
          Add endpoint
        </Button>
      </Group>
    </form>
  );
}

export function WebhooksSection() {
  const endpoints = useQuery(webhookEndpointsQuery);
  return (
    <Card padding="lg" withBorder>
      <Stack gap="md">
        <div>
          <Title order={2} fz="lg">
            Delivery webhook
          </Title>
          <Text c="dimmed" size="sm">
            We POST every status change of your messages (sent, delivered, failed with the reason and the refund) to your HTTPS endpoint, signed, and retry for about 18 hours.
          </Text>
        </div>
        {endpoints.isError && <Alert color="red">{errorDetail(endpoints.error) || 'Failed to load webhook endpoints'}</Alert>}
        {endpoints.data?.map((e) => <Endpoint key={e.id} endpoint={e} />)}
        {endpoints.data && endpoints.data.length === 0 && <EndpointForm />}
      </Stack>
    </Card>
  );
}
