// On /verify, when the built-in SMS simulator is running, point people at the page where their
// code actually arrives. Renders nothing when a real provider is configured (the API is 404).
import { Alert, Anchor } from '@mantine/core';
import { IconInbox } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { getOutboxQuery } from './api/get-outbox';

export function OutboxHint({ phone }: { phone: string }) {
  const { isSuccess } = useQuery(getOutboxQuery(phone));
  if (!isSuccess) return null;
  return (
    <Alert variant="light" color="gray" icon={<IconInbox size={18} />} p="sm">
      No SMS provider is configured, so messages go to the{' '}
      <Anchor component={Link} to={`/dev/outbox?to=${encodeURIComponent(phone)}`} fz="sm" fw={600}>
        developer outbox
      </Anchor>
      . Your code is there.
    </Alert>
  );
}
