// The history filters (spec §2): message text, recipient, from and to dates, Clear Filters.
import '@mantine/dates/styles.css';
import { Button, SimpleGrid, TextInput } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { IconCalendar, IconFilterOff, IconSearch } from '@tabler/icons-react';

export type HistoryFilterValues = {
  text: string;
  recipient: string;
  /** `YYYY-MM-DD`, a day in the user's time zone. */
  from: string | null;
  to: string | null;
};

export const EMPTY_FILTERS: HistoryFilterValues = { text: '', recipient: '', from: null, to: null };

type Props = { value: HistoryFilterValues; onChange: (value: HistoryFilterValues) => void };

export function HistoryFilters({ value, onChange }: Props) {
  const set = (patch: Partial<HistoryFilterValues>) => onChange({ ...value, ...patch });
  const empty = !value.text && !value.recipient && !value.from && !value.to;
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 5 }} spacing="sm" style={{ alignItems: 'end' }}>
      <TextInput
        label="Message text"
        placeholder="Search messages"
        leftSection={<IconSearch size={16} aria-hidden />}
        value={value.text}
        onChange={(event) => set({ text: event.currentTarget.value })}
      />
      <TextInput
        label="Recipient"
        placeholder="+386…"
        type="tel"
        value={value.recipient}
        onChange={(event) => set({ recipient: event.currentTarget.value })}
      />
      <DatePickerInput
        label="From date"
        placeholder="Any"
        leftSection={<IconCalendar size={16} aria-hidden />}
        valueFormat="DD.MM.YYYY"
        clearable
        maxDate={value.to ?? undefined}
        value={value.from}
        onChange={(from) => set({ from })}
      />
      <DatePickerInput
        label="To date"
        placeholder="Any"
        leftSection={<IconCalendar size={16} aria-hidden />}
        valueFormat="DD.MM.YYYY"
        clearable
        minDate={value.from ?? undefined}
        value={value.to}
        onChange={(to) => set({ to })}
      />
      <Button
        variant="default"
        leftSection={<IconFilterOff size={16} aria-hidden />}
        disabled={empty}
        onClick={() => onChange(EMPTY_FILTERS)}
      >
        Clear Filters
      </Button>
    </SimpleGrid>
  );
}
