// /dev/outbox: the SMS the built-in simulator received, so people trying Kurir without a real
// provider can read their sign-in code. A real provider makes the API answer 404, and so do we.
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Container,
  CopyButton,
  Group,
  Loader,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconAlertCircle, IconCheck, IconCopy, IconInbox, IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { stripSpaces } from '@kurir/core/phone';
import { NotFoundPage } from '../../components/not-found';
import { Logo } from '../../components/logo';
import { errorDetail, hasErrorCode } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { readPendingPhone } from '../../lib/session/pending-phone';
import { findCode, getOutboxQuery, OUTBOX_REFRESH_MS, type OutboxMessage } from './api/get-outbox';
import classes from './outbox-page.module.css';

export function OutboxPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const [pendingPhone] = useState(readPendingPhone);
  const [filter, setFilter] = useState(() => searchParams.get('to') ?? pendingPhone ?? '');
  const [debounced] = useDebouncedValue(stripSpaces(filter), 400);

  // Keep the filter in the address so a link to /dev/outbox?to=… opens the same view.
  useEffect(() => {
    setSearchParams(debounced ? { to: debounced } : {}, { replace: true });
  }, [debounced, setSearchParams]);

  const query = useQuery({ ...getOutboxQuery(debounced), refetchInterval: OUTBOX_REFRESH_MS });

  if (hasErrorCode(query.error, 'route_not_found')) return <NotFoundPage />;

  const messages = [...(query.data?.messages ?? [])].sort((a, b) => b.created_at.localeCompare(a.created_at));

  return (
    <div className={classes.page}>
      <Container size="md" py="xl">
        <OutboxHeader pendingPhone={pendingPhone} />
        <TextInput
          label="Recipient phone"
          description="Show only messages sent to this number; leave empty for all."
          placeholder="+386123456789"
          type="tel"
          leftSection={<IconSearch size={16} aria-hidden />}
          rightSection={query.isFetching ? <Loader size="xs" aria-label="Refreshing" /> : null}
          value={filter}
          onChange={(event) => setFilter(event.currentTarget.value)}
          mb="lg"
        />
        {query.isError && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} mb="md" role="alert">
            Could not load the outbox: {errorDetail(query.error) || 'the server did not answer'}
          </Alert>
        )}
        <OutboxMessages pending={query.isPending} failed={query.isError} messages={messages} />
      </Container>
    </div>
  );
}

function OutboxHeader({ pendingPhone }: { pendingPhone: string | null }) {
  return (
    <>
      <Group justify="space-between" mb="xl">
        <Anchor component={Link} to="/" underline="never" aria-label="Kurir home">
          <Logo size={30} />
        </Anchor>
        <Button component={Link} to={pendingPhone ? '/verify' : '/login'} variant="default" size="xs">
          {pendingPhone ? 'Back to verification' : 'Log in'}
        </Button>
      </Group>
      <Stack gap={4} mb="lg">
        <Group gap="xs">
          <Title order={1} fz={28}>
            Developer outbox
          </Title>
          <Badge variant="light" color="orange">
            Simulator
          </Badge>
        </Group>
        <Text c="dimmed">
          No SMS provider is configured, so Kurir's built-in simulator keeps every message here instead of sending
          it. Newest first, refreshed every {OUTBOX_REFRESH_MS / 1000} seconds.
        </Text>
      </Stack>
    </>
  );
}

function OutboxMessages({ pending, failed, messages }: { pending: boolean; failed: boolean; messages: OutboxMessage[] }) {
  if (pending) {
    return (
      <Group justify="center" py="xl">
        <Loader aria-label="Loading messages" />
      </Group>
    );
  }
  if (messages.length === 0 && !failed) {
    return (
      <Card padding="xl" ta="center">
        <Stack align="center" gap="xs">
          <IconInbox size={36} stroke={1.4} color="var(--mantine-color-gray-5)" aria-hidden />
          <Text fw={600}>No messages yet</Text>
          <Text c="dimmed" fz="sm">
            Request a sign-in code and it will appear here within a few seconds.
          </Text>
        </Stack>
      </Card>
    );
  }
  return (
    <Stack gap="sm" component="ol" className={classes.list} aria-label="Messages">
      {messages.map((message) => (
        <OutboxItem key={message.id} message={message} />
      ))}
    </Stack>
  );
}

function OutboxItem({ message }: { message: OutboxMessage }) {
  const code = findCode(message.text);
  return (
    <Card component="li" padding="md">
      <Group justify="space-between" gap="xs" mb="xs">
        <Group gap="xs">
          <Badge variant="light" color={message.channel === 'viber' ? 'violet' : 'brand'} size="sm">
            {message.channel.toUpperCase()}
          </Badge>
          <Text fz="sm">
            <Text span c="dimmed">
              to
            </Text>{' '}
            <Text span ff="monospace" fw={600}>
              {message.to}
            </Text>{' '}
            <Text span c="dimmed">
              from
            </Text>{' '}
            <Text span fw={500}>
              {message.from}
            </Text>
          </Text>
        </Group>
        <Text fz="xs" c="dimmed">
          <time dateTime={message.created_at}>{formatDateTime(message.created_at)}</time>
        </Text>
      </Group>
      {code && (
        <Group gap="sm" mb="xs">
          <Text ff="monospace" fz={28} fw={700} className={classes.code}>
            {code}
          </Text>
          <CopyButton value={code}>
            {({ copied, copy }) => (
              <Button
                size="compact-sm"
                variant="light"
                color={copied ? 'teal' : 'brand'}
                leftSection={copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
                onClick={copy}
              >
                {copied ? 'Copied' : 'Copy code'}
              </Button>
            )}
          </CopyButton>
        </Group>
      )}
      <Text ff="monospace" fz="sm" className={classes.text}>
        {message.text}
      </Text>
    </Card>
  );
}
