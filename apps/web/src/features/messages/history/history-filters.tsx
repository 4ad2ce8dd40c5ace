// The history filters (spec §2): message text, recipient, from and to dates, Clear Filters. On a
// phone only the text search shows; the others open under a Filters button that counts those set,
// so the messages, not the filters, fill the first screen. The dates are the browser's own date
// inputs: the phone's date wheel, typed dates on a desktop, and no calendar library to download.
import { Badge, Button, SimpleGrid, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { IconAdjustmentsHorizontal, IconFilterOff, IconSearch } from '@tabler/icons-react';

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
  const phone = useMediaQuery('(max-width: 30em)', false) ?? false;
  const [open, setOpen] = useState(false);
  const setCount = [value.recipient, value.from, value.to].filter(Boolean).length;
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 5 }} spacing="sm" style={{ alignItems: 'end' }}>
      <TextInput
        label="Message text"
        placeholder="Search messages"
        leftSection={<IconSearch size={16} aria-hidden />}
        value={value.text}
        onChange={(event) => set({ text: event.currentTarget.value })}
      />
      {phone && (
        <Button
          variant="default"
          leftSection={<IconAdjustmentsHorizontal size={16} aria-hidden />}
          rightSection={setCount > 0 ? <Badge size="sm" circle aria-label={`${setCount} set`}>{setCount}</Badge> : undefined}
          aria-expanded={open}
          onClick={() => setOpen(!open)}
        >
          {open ? 'Fewer filters' : 'More filters'}
        </Button>
      )}
      {(!phone || open) && <MoreFilters value={value} onChange={onChange} empty={empty} />}
    </SimpleGrid>
  );
}

/** Recipient, dates and Clear Filters: always on a wide screen, on demand on a phone. */
function MoreFilters({ value, onChange, empty }: Props & { empty: boolean }) {
  const set = (patch: Partial<HistoryFilterValues>) => onChange({ ...value, ...patch });
  return (
    <>
      <TextInput
        label="Recipient"
        placeholder="+386…"
        type="tel"
        value={value.recipient}
        onChange={(event) => set({ recipient: event.currentTarget.value })}
      />
      <TextInput
        label="From date"
        type="date"
        max={value.to ?? undefined}
        value={value.from ?? ''}
        onChange={(event) => set({ from: event.currentTarget.value || null })}
      />
      <TextInput
        label="To date"
        type="date"
        min={value.from ?? undefined}
        value={value.to ?? ''}
        onChange={(event) => set({ to: event.currentTarget.value || null })}
      />
      <Button
        variant="default"
        leftSection={<IconFilterOff size={16} aria-hidden />}
        disabled={empty}
        onClick={() => onChange(EMPTY_FILTERS)}
      >
        Clear Filters
      </Button>
    </>
  );
}
