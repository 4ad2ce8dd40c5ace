// /admin/settings (admin spec §2 "Settings page", §5, §8): the sender name of SMS an admin sends
// and the channel new users start with, stored on the server.
import { Alert, Button, Card, Center, Group, Loader, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { SENDER_NAME_MAX, SETTINGS_MESSAGES, adminSettingsSchema, type AdminSettings } from '@kurir/core';
import { PageIntro } from '../../../components/page-intro';
import { errorDetail, serverMessageOr } from '../../../lib/api';
import { schemaForm } from '../../../lib/form';
import { toast } from '../../../lib/toast';
import { getAdminSettingsQuery } from './api/get-settings';
import { useUpdateAdminSettings } from './api/update-settings';

function SettingsForm({ settings }: { settings: AdminSettings }) {
  const form = useForm({ initialValues: settings, ...schemaForm(adminSettingsSchema) });
  const save = useUpdateAdminSettings();

  function submit(body: AdminSettings) {
    save.mutate(body, {
      onSuccess: (reply) => {
        form.setInitialValues(reply.settings);
        form.setValues(reply.settings);
        toast.success(SETTINGS_MESSAGES.updated);
      },
      onError: (error) => toast.error('Error', serverMessageOr(error, SETTINGS_MESSAGES.failed)),
    });
  }

  return (
    <form onSubmit={form.onSubmit(submit)} noValidate>
      <Stack gap="lg">
        <TextInput
          label="Admin sender name"
          description={`The sender of SMS that administrators send to users: 2 to ${SENDER_NAME_MAX} letters, numbers or spaces.`}
          required
          {...form.getInputProps('adminSenderName')}
        />
        <div>
          <Text fz="sm" fw={500} id="default-channel-label">
            Default channel
          </Text>
          <Text fz="xs" c="dimmed" mb={6}>
            The channel new users start with.
          </Text>
          <SegmentedControl
            aria-labelledby="default-channel-label"
            data={[
              { value: 'sms', label: 'SMS' },
              { value: 'viber', label: 'Viber' },
            ]}
            {...form.getInputProps('defaultChannel')}
          />
        </div>
        <Group justify="flex-end">
          <Button variant="default" onClick={form.reset} disabled={!form.isDirty() || save.isPending}>
            Reset
          </Button>
          <Button type="submit" loading={save.isPending}>
            Save Settings
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export function AdminSettingsPage() {
  const settings = useQuery(getAdminSettingsQuery());
  return (
    <Stack gap="lg" maw={640}>
      <PageIntro description="Global defaults for administrators and new users." />
      <Card padding="lg">
        {settings.isPending ? (
          <Center py="xl">
            <Loader aria-label="Loading settings" />
          </Center>
        ) : settings.isError ? (
          <Alert color="red" title="Failed to load settings">
            {errorDetail(settings.error)}
          </Alert>
        ) : (
          <SettingsForm settings={settings.data} />
        )}
      </Card>
    </Stack>
  );
}
