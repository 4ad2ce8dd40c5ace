// Edit User → User Settings (admin spec §2): sender_name and primary_channel. The server accepts
// only the brand default or a Custom sender name the user holds, so those are the choices.
import { Button, Group, Loader, Select, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { adminUserSettingsBodySchema, ADMIN_USER_MESSAGES, CHANNELS, type AdminUser } from '@kurir/core';
import { serverMessageOr } from '../../../lib/api';
import { schemaForm } from '../../../lib/form';
import { toast } from '../../../lib/toast';
import { getUserProductsQuery } from './api/get-user-products';
import { useUpdateUserSettings } from './api/update-user-settings';

type Props = { user: AdminUser; defaultSenderName: string; onSaved: () => void };

/** The brand default and the Custom sender names the user holds now; null until they are known. */
function useSenderChoices(user: AdminUser, defaultSenderName: string): string[] | null {
  const products = useQuery(getUserProductsQuery(user.id));
  // Unknown (the list failed to load): the stored name stays offered, and the server has the last word.
  if (products.isError) return [...new Set([defaultSenderName, ...(user.settings.sender_name ? [user.settings.sender_name] : [])])];
  if (!products.data) return null;
  const approved = products.data.filter((p) => p.status === 'active' && p.custom_sender_name).map((p) => p.custom_sender_name!);
  return [...new Set([defaultSenderName, ...approved])];
}

export function EditSettingsForm(props: Props) {
  const choices = useSenderChoices(props.user, props.defaultSenderName);
  // The form starts from a choice the server accepts, so it opens once the choices are known.
  if (!choices) return <Loader size="sm" aria-label="Loading the user's sender names" />;
  return <SettingsForm {...props} choices={choices} />;
}

function SettingsForm({ user, defaultSenderName, onSaved, choices }: Props & { choices: string[] }) {
  const stored = user.settings.sender_name;
  const form = useForm({
    // A name the user no longer holds (removed or expired) is not sent any more: the default is.
    initialValues: { sender_name: stored && choices.includes(stored) ? stored : defaultSenderName, primary_channel: user.settings.primary_channel ?? 'sms' },
    ...schemaForm(adminUserSettingsBodySchema),
  });
  const update = useUpdateUserSettings(user.id);
  const submit = form.onSubmit((body) =>
    update.mutate(body, {
      onSuccess: () => {
        toast.success(ADMIN_USER_MESSAGES.settingsUpdated);
        onSaved();
      },
      onError: (error) => toast.error(serverMessageOr(error, 'Failed to update settings')),
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
