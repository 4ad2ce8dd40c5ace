// The contacts card: search, the page of rows, paging; or the empty state of a new phonebook.
import { ActionIcon, Anchor, Card, EmptyState, Group, Pagination, Stack, Text, TextInput } from '@mantine/core';
import { IconSearch, IconUsers, IconX } from '@tabler/icons-react';
import type { PhonebookEntry } from '@kurir/core';
import { ContactsTable } from './contacts-table';
import type { ContactSearch } from './use-contact-search';

export function NoContacts({ onAdd }: { onAdd: () => void }) {
  return (
    <Card padding="xl">
      <EmptyState icon={<IconUsers size={28} />} variant="light" title="No contacts found">
        <EmptyState.Description>
          <Anchor component="button" type="button" fz="inherit" onClick={onAdd}>
            Add your first contact
          </Anchor>{' '}
          or bring many at once with Bulk Import.
        </EmptyState.Description>
      </EmptyState>
    </Card>
  );
}

export function ContactsList({ search, onEdit }: { search: ContactSearch; onEdit: (entry: PhonebookEntry) => void }) {
  return (
    <Card padding={0}>
      <Stack gap={0}>
        <TextInput
          m="md"
          placeholder="Search contacts by name, phone or email"
          aria-label="Search contacts by name, phone or email"
          leftSection={<IconSearch size={16} aria-hidden />}
          rightSection={
            search.search ? (
              <ActionIcon variant="subtle" color="gray" onClick={() => search.setSearch('')} aria-label="Clear search">
                <IconX size={14} />
              </ActionIcon>
            ) : null
          }
          value={search.search}
          onChange={(e) => search.setSearch(e.currentTarget.value)}
        />
        {search.shownCount === 0 ? (
          <Text c="dimmed" ta="center" py="xl">
            No contacts match your search
          </Text>
        ) : (
          <ContactsTable entries={search.pageRows} onEdit={onEdit} />
        )}
        {search.pages > 1 && (
          <Group justify="center" p="md">
            <Pagination total={search.pages} value={search.currentPage} onChange={search.setPage} size="sm" />
          </Group>
        )}
      </Stack>
    </Card>
  );
}
