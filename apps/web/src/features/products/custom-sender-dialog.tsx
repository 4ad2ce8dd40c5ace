// The Custom Sender Name dialog (spec §2, §5): the name to buy, or a new name for a denied one
// (free of charge). Input is forced upper case, letters and digits, at most 11.
import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { IconClockHour4 } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { SENDER_NAME_MAX, customSenderNameSchema } from '@kurir/core';
import { errorDetail } from '../../lib/api';
import { toast } from '../../lib/toast';
import { useReregisterCustomSender } from './api/reregister-custom-sender';
import { normaliseSenderNameInput } from './product-display';

type Props = {
  opened: boolean;
  onClose: () => void;
  /** 'purchase': hands the name on to the purchase; 'reregister': submits it again for free. */
  mode: 'purchase' | 'reregister';
  initialName?: string;
  onChosen?: (senderName: string) => void;
};

export function CustomSenderDialog({ opened, onClose, mode, initialName = '', onChosen }: Props) {
  const [name, setName] = useState(initialName);
  const [error, setError] = useState<string | null>(null);
  const reregister = useReregisterCustomSender();

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = customSenderNameSchema.safeParse(name);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? null);
      return;
    }
    if (mode === 'purchase') {
      onChosen?.(parsed.data);
      return;
    }
    reregister.mutate(parsed.data, {
      onSuccess: (reply) => {
        toast.success(reply.message || 'Your new Custom Sender Name has been submitted for approval.');
        onClose();
      },
      onError: (err) => toast.error('Submission Failed', errorDetail(err) || 'Failed to submit the sender name'),
    });
  }

  return (
    <Modal opened={opened} onClose={onClose} title="Custom Sender Name" centered onExitTransitionEnd={() => setError(null)}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text fz="sm" c="dimmed">
            {mode === 'reregister'
              ? 'Your previous name was not approved. Choose another one; re-registering is free of charge.'
              : 'Recipients see this name as the sender of your messages instead of a number.'}
          </Text>
          <TextInput
            label="Sender name"
            description={`Up to ${SENDER_NAME_MAX} characters, letters and numbers only`}
            placeholder="YOURBRAND"
            value={name}
            onChange={(event) => {
              setName(normaliseSenderNameInput(event.currentTarget.value));
              setError(null);
            }}
            maxLength={SENDER_NAME_MAX}
            autoFocus
            autoComplete="off"
            error={error}
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', letterSpacing: '0.05em' } }}
            rightSection={
              <Text fz="xs" c="dimmed">
                {name.length}/{SENDER_NAME_MAX}
              </Text>
            }
            rightSectionWidth={48}
          />
          <Alert variant="light" color="blue" role="note" icon={<IconClockHour4 size={18} />}>
            An administrator reviews every sender name with the mobile networks before it can be used. Approval typically
            takes 24-48 hours.
          </Alert>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={name.trim() === ''} loading={reregister.isPending}>
              {mode === 'purchase' ? 'Continue' : 'Submit for approval'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
