// One phonebook in the grid: name, when it was made, what it is for, how many contacts.
import { ActionIcon, Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { IconAddressBook, IconEdit, IconUsers } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { Phonebook } from '@kurir/core/schemas/phonebooks';
import { formatDate } from '../../lib/format';

export function PhonebookCard({ phonebook, onEdit }: { phonebook: Phonebook; onEdit: () => void }) {
  const headingId = `phonebook-${phonebook.id}`;
  return (
    <Card padding="lg" component="article" aria-labelledby={headingId}>
      <Stack gap="xs" h="100%">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <Group gap="sm" wrap="nowrap" miw={0}>
            <IconAddressBook size={22} color="var(--mantine-primary-color-filled)" aria-hidden style={{ flexShrink: 0 }} />
            <Text id={headingId} fw={600} fz="lg" truncate="end" component="h2" m={0}>
              {phonebook.name}
            </Text>
          </Group>
          <ActionIcon title="Edit phonebook" variant="subtle" color="gray" onClick={onEdit} aria-label={`Edit phonebook ${phonebook.name}`}>
            <IconEdit size={18} />
          </ActionIcon>
        </Group>
        <Text fz="xs" c="dimmed">
          Created: {formatDate(phonebook.created_at)}
        </Text>
        <Text fz="sm" c={phonebook.description ? undefined : 'dimmed'} fs={phonebook.description ? undefined : 'italic'} lineClamp={3}>
          {phonebook.description || 'No description'}
        </Text>
        <Group justify="space-between" mt="auto" pt="sm" gap="xs">
          <Badge variant="light" color="gray" leftSection={<IconUsers size={12} aria-hidden />}>
            {phonebook.contact_count} {phonebook.contact_count === 1 ? 'contact' : 'contacts'}
          </Badge>
          <Button component={Link} to={`/dashboard/phonebook/${encodeURIComponent(phonebook.id)}/entries`} variant="light" size="xs">
            View Contacts
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
