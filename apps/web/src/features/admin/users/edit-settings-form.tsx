// Edit User → User Settings (admin spec §2): sender_name and primary_channel. The server accepts
// only the brand default or a Custom sender name the user holds, so those are the choices.
import { Button, Group, Select, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { adminUserSettingsBodySchema, ADMIN_USER_MESSAGES, CHANNELS, type AdminUser } from '@kurir/core';
import { errorDetail } from '../../../lib/api';
import { schemaForm } from '../../../lib/form';
import { toast } from '../../../lib/toast';
import { getUserProductsQuery } from './api/get-user-products';
import { useUpdateUserSettings } from './api/update-user-settings';

type Props = { user: AdminUser; defaultSenderName: string; onSaved: () => void };

function useSenderChoices(user: AdminUser, defaultSenderName: string): string[] {
  const products = useQuery(getUserProductsQuery(user.id));
  const approved = (products.data ?? []).filter((p) => p.status === 'active' && p.custom_sender_name).map((p) => p.custom_sender_name!);
  return [...new Set([defaultSenderName, ...approved, ...(user.settings.sender_name ? [user.settings.sender_name] : [])])];
}

export function EditSettingsForm({ user, defaultSenderName, onSaved }: Props) {
  const choices = useSenderChoices(user, defaultSenderName);
  const form = useForm({
    initialValues: { sender_name: user.settings.sender_name ?? defaultSenderName, primary_channel: user.settings.primary_channel ?? 'sms' },
    ...schemaForm(adminUserSettingsBodySchema),
  });
  const update = useUpdateUserSettings(user.id);
  const submit = form.onSubmit((body) =>
    update.mutate(body, {
      onSuccess: () => {
        toast.success(ADMIN_USER_MESSAGES.settingsUpdated);
        onSaved();
      },
      onError: (error) => toast.error(errorDetail(error) || 'Failed to update settings'),
    }),
  );
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Select label="Sender name" data={choices} allowDeselect={false} {...form.getInputProps('sender_name')} />
        <Text fz="xs" c="dimmed" mt={-8}>
          The brand default ({defaultSenderName}) or a Custom sender name the user holds.
        </Text>
        <Select
          label="Primary channel"
          data={CHANNELS.map((c) => ({ value: c, label: c.toUpperCase() }))}
          allowDeselect={false}
          {...form.getInputProps('primary_channel')}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={update.isPending}>
            Save settings
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
