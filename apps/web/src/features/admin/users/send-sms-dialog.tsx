// Send SMS (admin spec §2, §5, §8): the recipient is the user's phone (read-only), a template
// picker copies a template into the message, and a live 'n / 160 characters' counter. The SMS
// goes out under the admin sender name and is free for the user.
import { Button, Group, Modal, Select, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { ADMIN_SMS_MAX_LENGTH, ADMIN_SMS_MESSAGES, adminSendSmsBodySchema, SMS_PROGRESS_TOAST_MS, TEMPLATE_MESSAGES, type AdminUser } from '@kurir/core';
import { serverMessageOr } from '../../../lib/api';
import { schemaForm } from '../../../lib/form';
import { toast } from '../../../lib/toast';
import { getSmsTemplatesQuery } from './api/get-templates';
import { useSendAdminSms } from './api/send-sms';
import { usePhone } from './use-phone';
import { userDisplayName } from './user-display';

function TemplatePicker({ onPick }: { onPick: (content: string) => void }) {
  const templates = useQuery(getSmsTemplatesQuery());
  if (templates.isError) {
    return (
      <Text fz="sm" c="red">
        {TEMPLATE_MESSAGES.fetchFailed}
      </Text>
    );
  }
  const list = templates.data ?? [];
  if (templates.isSuccess && list.length === 0) {
    return (
      <Text fz="sm" c="dimmed">
        No templates yet: write the message below.
      </Text>
    );
  }
  return (
    <Select
      label="Template"
      placeholder={templates.isPending ? 'Loading templates…' : 'Choose a template'}
      data={list.map((t) => ({ value: t.id, label: `${t.name} (${t.is_admin_template ? 'Admin' : 'User'})` }))}
      onChange={(id) => {
        const template = list.find((t) => t.id === id);
        if (template) onPick(template.content);
      }}
      clearable
      searchable
      comboboxProps={{ withinPortal: true }}
    />
  );
}

export function SendSmsDialog({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const form = useForm({ initialValues: { userId: user.id, recipient: user.phone, message: '' }, ...schemaForm(adminSendSmsBodySchema) });
  const send = useSendAdminSms();
  const length = form.values.message.length;
  const submit = form.onSubmit((body) => {
    toast.progress(ADMIN_SMS_MESSAGES.sending, SMS_PROGRESS_TOAST_MS);
    send.mutate(body, {
      onSuccess: () => {
        toast.success(ADMIN_SMS_MESSAGES.sent);
        onClose();
      },
      onError: (error) => toast.error(serverMessageOr(error, ADMIN_SMS_MESSAGES.failed)),
    });
  });
  return (
    <Modal opened onClose={onClose} title={`Send SMS to ${userDisplayName(user)}`} fullScreen={usePhone()}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput label="Recipient" readOnly variant="filled" required {...form.getInputProps('recipient')} />
          <TemplatePicker onPick={(content) => form.setFieldValue('message', content)} />
          <Textarea
            label="Message"
            autosize
            minRows={4}
            required
            data-autofocus
            {...form.getInputProps('message')}
            description={
              <Text span fz="xs" c={length > ADMIN_SMS_MAX_LENGTH ? 'red' : 'dimmed'} aria-live="polite">
                {length} / {ADMIN_SMS_MAX_LENGTH} characters
              </Text>
            }
            inputWrapperOrder={['label', 'input', 'description', 'error']}
          />
          <Text fz="xs" c="dimmed">
            Sent under the admin sender name; the user is not charged.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={send.isPending}>
              Send SMS
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
