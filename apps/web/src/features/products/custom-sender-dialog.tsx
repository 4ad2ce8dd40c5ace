// The Custom Sender Name dialog (spec §2, §5): the name to buy, or a new name for a denied one
// (free of charge). Input is forced upper case, letters and digits, at most 11.
import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconClockHour4 } from '@tabler/icons-react';
import { SENDER_NAME_MAX } from '@kurir/core/constants';
import { reregisterSenderBodySchema } from '@kurir/core/schemas/products';
import { errorDetail } from '../../lib/api';
import { schemaForm } from '../../lib/form';
import { useSingleSubmit } from '../../lib/single-submit';
import { toast } from '../../lib/toast';
import { useReregisterCustomSender, type ReregisterSenderBody } from './api/reregister-custom-sender';
import { senderNameInputProps } from './product-display';

type Props = {
  opened: boolean;
  onClose: () => void;
  /** 'purchase': hands the name on to the purchase; 'reregister': submits it again for free. */
  mode: 'purchase' | 'reregister';
  initialName?: string;
  onChosen?: (senderName: string) => void;
};

export function CustomSenderDialog({ opened, onClose, mode, initialName = '', onChosen }: Props) {
  const form = useForm({ initialValues: { senderName: initialName }, ...schemaForm(reregisterSenderBodySchema) });
  const name = form.values.senderName;
  const reregister = useReregisterCustomSender();
  const reregisterOnce = useSingleSubmit(reregister);

  function submit(body: ReregisterSenderBody) {
    if (mode === 'purchase') {
      onChosen?.(body.senderName);
      return;
    }
    reregisterOnce(body, {
      onSuccess: (reply) => {
        toast.success(reply.message || 'Your new Custom Sender Name has been submitted for approval.');
        onClose();
      },
      onError: (err) => toast.error('Submission Failed', errorDetail(err) || 'Failed to submit the sender name'),
    });
  }

  return (
    <Modal opened={opened} onClose={onClose} title="Custom Sender Name" centered onExitTransitionEnd={() => form.clearErrors()}>
      <form onSubmit={form.onSubmit(submit)} noValidate>
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
            {...form.getInputProps('senderName')}
            {...senderNameInputProps((value) => form.setFieldValue('senderName', value))}
            autoFocus
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
