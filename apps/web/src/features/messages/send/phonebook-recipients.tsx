// Phonebook mode: choose saved phonebooks. The server counts their distinct numbers (see
// use-phonebook-count.ts) and resolves the same phonebooks again when it sends (phonebookIds).
import { Alert, Anchor, Loader, MultiSelect, Stack, Text } from '@mantine/core';
import { IconAddressBook } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { getPhonebookChoicesQuery } from '../api/get-phonebook-choices';
import type { PhonebookCount } from './use-phonebook-count';

type Props = { selected: string[]; onChange: (ids: string[]) => void; counted: PhonebookCount };

export function PhonebookRecipients({ selected, onChange, counted }: Props) {
  const phonebooks = useQuery(getPhonebookChoicesQuery());
  const list = phonebooks.data ?? [];

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
        <CountLine selected={selected.length} counted={counted} />
      </Text>
      <Anchor component={Link} to="/dashboard/phonebook" fz="sm">
        Manage phonebooks
      </Anchor>
    </Stack>
  );
}

function CountLine({ selected, counted }: { selected: number; counted: PhonebookCount }) {
  if (selected === 0) return 'No phonebook chosen.';
  if (counted.loading) return 'Counting contacts…';
  if (counted.failed) {
    return (
      <Text span c="red.9" fz="sm">
        Could not count the contacts of the chosen phonebooks.
      </Text>
    );
  }
  const { count, duplicates } = counted;
  return (
    <>
      {count} distinct {count === 1 ? 'number' : 'numbers'}
      {duplicates > 0 && ` (${duplicates} repeated, each sent once)`}
    </>
  );
}
