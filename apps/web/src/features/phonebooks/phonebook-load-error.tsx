// What a phonebook page shows when its data cannot be loaded: the server decides who may use
// phonebooks (403 without the Phonebook service), so its answer is explained, not hidden.
import { Alert, Button, Card, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAddressBook, IconAlertCircle, IconArrowLeft, IconPackage } from '@tabler/icons-react';
import { Link } from 'react-router';
import { errorDetail, hasErrorCode } from '../../lib/api';

export function PhonebookServiceRequired({ message }: { message?: string }) {
  return (
    <Card padding="xl" maw={560} component="section" aria-labelledby="phonebook-required-heading">
      <Stack gap="sm" align="flex-start">
        <ThemeIcon size={48} radius="md" variant="light" aria-hidden>
          <IconAddressBook size={26} />
        </ThemeIcon>
        <Title order={2} fz="lg" id="phonebook-required-heading">
          Phonebook service required
        </Title>
        <Text c="dimmed">
          {message || 'Phonebooks require an active Phonebook service. Please purchase it on the Products page.'}
        </Text>
        <Button component={Link} to="/dashboard/products" leftSection={<IconPackage size={16} aria-hidden />} mt="xs">
          View Products
        </Button>
      </Stack>
    </Card>
  );
}

export function PhonebookLoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  if (hasErrorCode(error, 'feature_required')) return <PhonebookServiceRequired message={error.detail} />;
  if (hasErrorCode(error, 'not_found')) {
    return (
      <Alert color="yellow" icon={<IconAlertCircle size={18} />} title="Phonebook not found" maw={560}>
        <Stack gap="sm" align="flex-start">
          <Text fz="sm">It may have been deleted, or the link is wrong.</Text>
          <Button component={Link} to="/dashboard/phonebook" variant="default" size="xs" leftSection={<IconArrowLeft size={14} />}>
            Back to phonebooks
          </Button>
        </Stack>
      </Alert>
    );
  }
  return (
    <Alert color="red" icon={<IconAlertCircle size={18} />} title="Could not load the phonebook" maw={560}>
      <Group justify="space-between" gap="sm">
        <Text fz="sm">{errorDetail(error) || 'Please check your connection and try again.'}</Text>
        <Button variant="default" size="xs" onClick={onRetry}>
          Try again
        </Button>
      </Group>
    </Alert>
  );
}
