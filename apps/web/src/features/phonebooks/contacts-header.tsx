// The contacts page's header: back, the phonebook's name, how many contacts are shown, and the
// page's actions (hidden when the phonebook could not be loaded).
import { ActionIcon, Badge, Button, Group, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconDownload, IconFileImport, IconUserPlus, IconUsers } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { Phonebook } from '@kurir/core';
import { exportEntriesUrl } from './api/export-entries';

type Props = {
  phonebookId: string;
  phonebook: Phonebook | undefined;
  /** Contacts matching the search; undefined until the contacts are loaded. */
  shownCount: number | undefined;
  showActions: boolean;
  onImport: () => void;
  onAdd: () => void;
};

export function ContactsHeader({ phonebookId, phonebook, shownCount, showActions, onImport, onAdd }: Props) {
  return (
    <Group justify="space-between" align="flex-start" gap="sm">
      <Group gap="sm" align="flex-start" wrap="nowrap" miw={0}>
        <ActionIcon title="Back to phonebooks" component={Link} to="/dashboard/phonebook" variant="default" size="lg" mt={4} aria-label="Back to phonebooks">
          <IconArrowLeft size={18} />
        </ActionIcon>
        <div style={{ minWidth: 0 }}>
          <Group gap="sm" wrap="nowrap">
            <Title order={1} fz={28} style={{ overflowWrap: 'anywhere' }}>
              {phonebook?.name || 'Contacts'}
            </Title>
            {shownCount !== undefined && (
              <Badge variant="light" size="lg" leftSection={<IconUsers size={14} aria-hidden />} style={{ flexShrink: 0 }} aria-label={`${shownCount} contacts shown`}>
                {shownCount}
              </Badge>
            )}
          </Group>
          {phonebook?.description && <Text c="dimmed">{phonebook.description}</Text>}
        </div>
      </Group>
      {showActions && (
        <Group gap="xs">
          <Button variant="default" leftSection={<IconFileImport size={16} aria-hidden />} onClick={onImport}>
            Bulk Import
          </Button>
          <Button variant="default" component="a" href={exportEntriesUrl(phonebookId)} download leftSection={<IconDownload size={16} aria-hidden />}>
            Export CSV
          </Button>
          <Button leftSection={<IconUserPlus size={16} aria-hidden />} onClick={onAdd}>
            Add Contact
          </Button>
        </Group>
      )}
    </Group>
  );
}
