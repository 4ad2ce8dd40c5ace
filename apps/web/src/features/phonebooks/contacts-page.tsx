// /dashboard/phonebook/:id/entries (spec §2 "Phonebook contacts"): one phonebook's contacts with
// a browser-side search, and the Add / Edit / Bulk Import dialogs and the CSV export.
import { ActionIcon, Anchor, Badge, Button, Card, EmptyState, Group, Loader, Pagination, Stack, Text, TextInput, Title, Tooltip } from '@mantine/core';
import { IconArrowLeft, IconDownload, IconFileImport, IconSearch, IconUserPlus, IconUsers, IconX } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useDeferredValue, useMemo, useState } from 'react';
import { Link, useParams } from 'react-router';
import type { PhonebookEntry } from '@kurir/core/schemas/phonebooks';
import { getEntriesQuery } from './api/get-entries';
import { getPhonebookQuery } from './api/get-phonebook';
import { exportEntriesUrl } from './api/export-entries';
import { ContactFormModal } from './contact-form-modal';
import { filterEntries } from './contact-search';
import { ContactsTable } from './contacts-table';
import { BulkImportModal } from './import/bulk-import-modal';
import { PhonebookLoadError } from './phonebook-load-error';

/** Rows drawn at once: a phonebook may hold tens of thousands of contacts. */
const PAGE_SIZE = 50;

type ContactDialog = { open: boolean; entry: PhonebookEntry | null };

export function ContactsPage() {
  const { id = '' } = useParams();
  const phonebook = useQuery(getPhonebookQuery(id));
  const entries = useQuery(getEntriesQuery(id));
  const [search, setSearch] = useState('');
  const deferredSearch = useDeferredValue(search);
  const [page, setPage] = useState(1);
  const [contactDialog, setContactDialog] = useState<ContactDialog>({ open: false, entry: null });
  const [importOpen, setImportOpen] = useState(false);

  const shown = useMemo(() => filterEntries(entries.data ?? [], deferredSearch), [entries.data, deferredSearch]);
  const pages = Math.max(1, Math.ceil(shown.length / PAGE_SIZE));
  const currentPage = Math.min(page, pages);
  const pageRows = shown.slice((currentPage - 1) * PAGE_SIZE, currentPage * PAGE_SIZE);
  const existingPhones = useMemo(() => new Set((entries.data ?? []).map((e) => e.phone_number)), [entries.data]);

  const error = phonebook.error ?? entries.error;
  const openAdd = () => setContactDialog({ open: true, entry: null });

  const header = (
    <Group justify="space-between" align="flex-start" gap="sm">
      <Group gap="sm" align="flex-start" wrap="nowrap" miw={0}>
        <Tooltip label="Back to phonebooks">
          <ActionIcon component={Link} to="/dashboard/phonebook" variant="default" size="lg" mt={4} aria-label="Back to phonebooks">
            <IconArrowLeft size={18} />
          </ActionIcon>
        </Tooltip>
        <div style={{ minWidth: 0 }}>
          <Group gap="sm" wrap="nowrap">
            <Title order={1} fz={28} style={{ overflowWrap: 'anywhere' }}>
              {phonebook.data?.name || 'Contacts'}
            </Title>
            {entries.data && (
              <Badge variant="light" size="lg" leftSection={<IconUsers size={14} aria-hidden />} style={{ flexShrink: 0 }} aria-label={`${shown.length} contacts shown`}>
                {shown.length}
              </Badge>
            )}
          </Group>
          {phonebook.data?.description && <Text c="dimmed">{phonebook.data.description}</Text>}
        </div>
      </Group>
      {!error && (
        <Group gap="xs">
          <Button variant="default" leftSection={<IconFileImport size={16} aria-hidden />} onClick={() => setImportOpen(true)}>
            Bulk Import
          </Button>
          <Button
            variant="default"
            component="a"
            href={exportEntriesUrl(id)}
            download
            leftSection={<IconDownload size={16} aria-hidden />}
          >
            Export CSV
          </Button>
          <Button leftSection={<IconUserPlus size={16} aria-hidden />} onClick={openAdd}>
            Add Contact
          </Button>
        </Group>
      )}
    </Group>
  );

  let body;
  if (error) {
    body = <PhonebookLoadError error={error} onRetry={() => void Promise.all([phonebook.refetch(), entries.refetch()])} />;
  } else if (!entries.data) {
    body = (
      <Group justify="center" py="xl">
        <Loader aria-label="Loading contacts" />
      </Group>
    );
  } else if (entries.data.length === 0) {
    body = (
      <Card padding="xl">
        <EmptyState icon={<IconUsers size={28} />} variant="light" title="No contacts found">
          <EmptyState.Description>
            <Anchor component="button" type="button" fz="inherit" onClick={openAdd}>
              Add your first contact
            </Anchor>{' '}
            or bring many at once with Bulk Import.
          </EmptyState.Description>
        </EmptyState>
      </Card>
    );
  } else {
    body = (
      <Card padding={0}>
        <Stack gap={0}>
          <TextInput
            m="md"
            placeholder="Search contacts by name, phone or email"
            aria-label="Search contacts by name, phone or email"
            leftSection={<IconSearch size={16} aria-hidden />}
            rightSection={
              search ? (
                <ActionIcon variant="subtle" color="gray" onClick={() => setSearch('')} aria-label="Clear search">
                  <IconX size={14} />
                </ActionIcon>
              ) : null
            }
            value={search}
            onChange={(e) => {
              setSearch(e.currentTarget.value);
              setPage(1);
            }}
          />
          {shown.length === 0 ? (
            <Text c="dimmed" ta="center" py="xl">
              No contacts match your search
            </Text>
          ) : (
            <ContactsTable entries={pageRows} onEdit={(entry) => setContactDialog({ open: true, entry })} />
          )}
          {pages > 1 && (
            <Group justify="center" p="md">
              <Pagination total={pages} value={currentPage} onChange={setPage} size="sm" />
            </Group>
          )}
        </Stack>
      </Card>
    );
  }

  return (
    <Stack gap="lg" maw={1100}>
      {header}
      {body}
      <ContactFormModal
        opened={contactDialog.open}
        onClose={() => setContactDialog((d) => ({ ...d, open: false }))}
        phonebookId={id}
        entry={contactDialog.entry}
      />
      <BulkImportModal opened={importOpen} onClose={() => setImportOpen(false)} phonebookId={id} existingPhones={existingPhones} />
    </Stack>
  );
}
