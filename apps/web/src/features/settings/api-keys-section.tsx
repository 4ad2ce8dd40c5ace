// Settings › API keys: create a key with a name and a mode (the secret is shown once, with a copy
// button), the list with prefix, created, last used and requests in the last 30 days, and revoke.
import { Alert, Badge, Button, Card, Group, Modal, SegmentedControl, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { IconKey } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { createApiKeyBodySchema, TEST_MAX_MESSAGES_PER_DAY, TEST_MAX_RECIPIENTS_PER_SEND, type ApiKey, type ApiKeyMode, type CreatedApiKey } from '@kurir/core';
import { errorDetail } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { useSingleSubmit } from '../../lib/single-submit';
import { toast } from '../../lib/toast';
import { apiKeysQuery, useCreateApiKey, useRevokeApiKey } from './api/api-keys';
import { CopyField } from './copy-field';

function CreateKeyForm({ onCreated }: { onCreated: (key: CreatedApiKey) => void }) {
  const [name, setName] = useState('');
  const [mode, setMode] = useState<ApiKeyMode>('test');
  const [error, setError] = useState<string | undefined>();
  const create = useCreateApiKey();
  const createOnce = useSingleSubmit(create);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = createApiKeyBodySchema.safeParse({ name, mode });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    createOnce(parsed.data, {
      onSuccess: (key) => {
        setName('');
        onCreated(key);
      },
      onError: (e) => toast.error('Error', errorDetail(e) || 'Failed to create the API key'),
    });
  }

  return (
    <form onSubmit={submit} noValidate>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput label="Key name" placeholder="e.g. Shop backend" value={name} onChange={(e) => setName(e.currentTarget.value)} error={error} maxLength={100} style={{ flex: 1, minWidth: 200 }} />
        <SegmentedControl
          aria-label="Mode"
          value={mode}
          onChange={(v) => setMode(v as ApiKeyMode)}
          data={[
            { value: 'test', label: 'Test' },
            { value: 'live', label: 'Live' },
          ]}
        />
        <Button type="submit" loading={create.isPending} leftSection={<IconKey size={16} aria-hidden />}>
          Create key
        </Button>
      </Group>
    </form>
  );
}

export function ApiKeysSection() {
  const keys = useQuery(apiKeysQuery);
  const [created, setCreated] = useState<CreatedApiKey | null>(null);

  return (
    <Card padding="lg" withBorder>
      <Stack gap="md">
        <div>
          <Title order={2} fz="lg">
            API keys
          </Title>
          <Text c="dimmed" size="sm">
            Test keys are free: their messages go to the simulator and cost nothing (up to {TEST_MAX_RECIPIENTS_PER_SEND} recipients a request and{' '}
            {TEST_MAX_MESSAGES_PER_DAY.toLocaleString('en')} messages a day), and a test key sees only its test messages. Live keys send for real and need
            the API access product.
          </Text>
        </div>
        <CreateKeyForm onCreated={setCreated} />
        {keys.isError ? (
          <Alert color="red">{errorDetail(keys.error) || 'Failed to load API keys'}</Alert>
        ) : keys.data && keys.data.length > 0 ? (
          <Table.ScrollContainer minWidth={640}>
            <Table verticalSpacing="xs" aria-label="API keys">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Name</Table.Th>
                  <Table.Th>Key</Table.Th>
                  <Table.Th>Created</Table.Th>
                  <Table.Th>Last used</Table.Th>
                  <Table.Th>Requests (30 days)</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {keys.data.map((k) => (
                  <KeyRow key={k.id} apiKey={k} />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        ) : keys.data ? (
          <Text c="dimmed" size="sm">
            No API keys yet.
          </Text>
        ) : null}
      </Stack>
      <Modal opened={created !== null} onClose={() => setCreated(null)} title="Your new API key" size="lg">
        {created && (
          <Stack gap="md">
            <Alert color="yellow">Copy this key now. It is shown only once; we keep only a hash of it.</Alert>
            <CopyField value={created.key} label="API key" />
            <Button onClick={() => setCreated(null)}>Done</Button>
          </Stack>
        )}
      </Modal>
    </Card>
  );
}

/** One key: its name and mode, prefix, dates, use, and Revoke (with a confirmation). */
function KeyRow({ apiKey: k }: { apiKey: ApiKey }) {
  const revoke = useRevokeApiKey();
  return (
    <Table.Tr>
      <Table.Td>
        <Group gap={6}>
          {k.name}
          <Badge size="xs" variant="light" color={k.mode === 'live' ? 'teal' : 'gray'}>
            {k.mode}
          </Badge>
        </Group>
      </Table.Td>
      <Table.Td>
        <Text ff="monospace" size="sm">
          {k.prefix}…
        </Text>
      </Table.Td>
      <Table.Td>{formatDateTime(k.created_at)}</Table.Td>
      <Table.Td>{k.last_used_at ? formatDateTime(k.last_used_at) : 'Never'}</Table.Td>
      <Table.Td>{k.requests_30d.toLocaleString('en')}</Table.Td>
      <Table.Td>
        {k.revoked_at ? (
          <Badge color="red" variant="light">
            Revoked
          </Badge>
        ) : (
          <Button
            size="xs"
            variant="subtle"
            color="red"
            loading={revoke.isPending && revoke.variables === k.id}
            onClick={() => {
              if (!window.confirm(`Revoke "${k.name}"? Requests with it fail at once.`)) return;
              revoke.mutate(k.id, {
                onSuccess: () => toast.success('API key revoked'),
                onError: (e) => toast.error('Error', errorDetail(e) || 'Failed to revoke the API key'),
              });
            }}
          >
            Revoke
          </Button>
        )}
      </Table.Td>
    </Table.Tr>
  );
}
