// Phonebook mode: choose saved phonebooks; their numbers are loaded to count and price the send,
// and the server resolves the same phonebooks again when it sends (phonebookIds).
import { Alert, Anchor, Loader, MultiSelect, Stack, Text } from '@mantine/core';
import { IconAddressBook } from '@tabler/icons-react';
import { useQueries, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { parseRecipients, type ParsedRecipients } from '@kurir/core';
import { phonebookEntriesQuery, phonebooksQuery } from '../api/get-phonebooks';

export type PhonebookSelection = { parsed: ParsedRecipients; loading: boolean; failed: boolean };

/** The distinct numbers of the chosen phonebooks: a contact in two phonebooks counts once. */
export function usePhonebookRecipients(ids: readonly string[], enabled: boolean): PhonebookSelection {
  return useQueries({
    queries: ids.map((id) => ({ ...phonebookEntriesQuery(id), enabled })),
    combine: (results) => ({
      parsed: parseRecipients(results.flatMap((r) => r.data?.entries.map((e) => e.phone_number) ?? [])),
      loading: results.some((r) => r.isPending && enabled),
      failed: results.some((r) => r.isError),
    }),
  });
}

type Props = { selected: string[]; onChange: (ids: string[]) => void; selection: PhonebookSelection };

export function PhonebookRecipients({ selected, onChange, selection }: Props) {
  const phonebooks = useQuery(phonebooksQuery);
  const list = phonebooks.data?.phonebooks ?? [];
  const count = selection.parsed.recipients.length;

  if (phonebooks.isPending) return <Loader size="sm" />;
  if (phonebooks.isError) {
    return (
      <Alert color="red" variant="light">
        Could not load your phonebooks. Please try again.
      </Alert>
    );
  }
  if (list.length === 0) {
    return (
      <Alert color="gray" variant="light" icon={<IconAddressBook size={18} />}>
        You have no phonebooks yet.{' '}
        <Anchor component={Link} to="/dashboard/phonebook" fz="sm" fw={600}>
          Create a phonebook
        </Anchor>
      </Alert>
    );
  }
  return (
    <Stack gap="xs">
      <MultiSelect
        label="Phonebooks"
        placeholder={selected.length ? undefined : 'Choose one or more phonebooks'}
        data={list.map((p) => ({
          value: p.id,
          label: `${p.name} (${p.contact_count} ${p.contact_count === 1 ? 'contact' : 'contacts'})`,
        }))}
        value={selected}
        onChange={onChange}
        searchable
        clearable
        nothingFoundMessage="No phonebook matches"
      />
      <Text fz="sm" c="dimmed" aria-live="polite">
        {selection.loading ? (
          'Loading contacts…'
        ) : selection.failed ? (
          <Text span c="red" fz="sm">
            Could not load the contacts of a phonebook.
          </Text>
        ) : selected.length === 0 ? (
          'No phonebook chosen.'
        ) : (
          <>
            {count} distinct {count === 1 ? 'number' : 'numbers'}
            {selection.parsed.duplicates > 0 && ` (${selection.parsed.duplicates} repeated, each sent once)`}
          </>
        )}
      </Text>
      <Anchor component={Link} to="/dashboard/phonebook" fz="sm">
        Manage phonebooks
      </Anchor>
    </Stack>
  );
}
