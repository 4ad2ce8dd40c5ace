// /dashboard/phonebook/:id/entries (spec §2 "Phonebook contacts"): one phonebook's contacts with
// a browser-side search, and the Add / Edit / Bulk Import dialogs and the CSV export.
import { Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState, type ReactNode } from 'react';
import { useParams } from 'react-router';
import type { PhonebookEntry } from '@kurir/core/schemas/phonebooks';
import { getEntriesQuery } from './api/get-entries';
import { getPhonebookQuery } from './api/get-phonebook';
import { ContactsHeader } from './contacts-header';
import { ContactsList, NoContacts } from './contacts-list';
import { PhonebookLoadError } from './phonebook-load-error';
import { useContactSearch } from './use-contact-search';
import { lazyDialog } from '../../components/lazy-dialog';
import { ListSkeleton } from '../../components/list-skeleton';

const ContactFormModal = lazyDialog(() => import('./contact-form-modal').then((m) => m.ContactFormModal));
const BulkImportModal = lazyDialog(() => import('./import/bulk-import-modal').then((m) => m.BulkImportModal));

type ContactDialog = { open: boolean; entry: PhonebookEntry | null };

export function ContactsPage() {
  const { id = '' } = useParams();
  const phonebook = useQuery(getPhonebookQuery(id));
  const entries = useQuery(getEntriesQuery(id));
  const search = useContactSearch(entries.data);
  const [contactDialog, setContactDialog] = useState<ContactDialog>({ open: false, entry: null });
  const [importOpen, setImportOpen] = useState(false);
  const existingPhones = useMemo(() => new Set((entries.data ?? []).map((e) => e.phone_number)), [entries.data]);

  const error = phonebook.error ?? entries.error;
  const openAdd = () => setContactDialog({ open: true, entry: null });

  let body: ReactNode;
  if (error) {
    body = <PhonebookLoadError error={error} onRetry={() => void Promise.all([phonebook.refetch(), entries.refetch()])} />;
  } else if (!entries.data) {
    body = (
      <ListSkeleton label="Loading contacts" count={6} height={44} />
    );
  } else if (entries.data.length === 0) {
    body = <NoContacts onAdd={openAdd} />;
  } else {
    body = <ContactsList search={search} onEdit={(entry) => setContactDialog({ open: true, entry })} />;
  }

  return (
    <Stack gap="lg" maw={1100}>
      <ContactsHeader
        phonebookId={id}
        phonebook={phonebook.data}
        shownCount={entries.data ? search.shownCount : undefined}
        showActions={!error}
        onImport={() => setImportOpen(true)}
        onAdd={openAdd}
      />
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
