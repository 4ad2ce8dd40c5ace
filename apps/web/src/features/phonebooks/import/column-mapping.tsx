// Which column of a file is the name, the phone, the email and the notes: guessed from the header
// row by core (guessColumnMapping), changeable here before anything is imported.
import { Checkbox, Select, SimpleGrid, Stack } from '@mantine/core';
import type { ColumnMapping, ContactField, CsvRecord } from '@kurir/core/contacts-import';

const FIELDS: { field: ContactField; label: string; required: boolean }[] = [
  { field: 'name', label: 'Name column', required: true },
  { field: 'phone_number', label: 'Phone column', required: true },
  { field: 'email', label: 'Email column', required: false },
  { field: 'notes', label: 'Notes column', required: false },
];

const NONE = 'none';

/** A, B, … Z, AA, AB — as spreadsheets name columns. */
export function columnLetter(index: number): string {
  let n = index + 1;
  let letters = '';
  while (n > 0) {
    const rest = (n - 1) % 26;
    letters = String.fromCharCode(65 + rest) + letters;
    n = Math.floor((n - 1) / 26);
  }
  return letters;
}

function columnOptions(records: readonly CsvRecord[], hasHeader: boolean) {
  const sample = records.slice(0, 200);
  const count = Math.max(0, ...sample.map((r) => r.cells.length));
  const first = records[0]?.cells ?? [];
  const example = (i: number) => sample.slice(hasHeader ? 1 : 0).find((r) => (r.cells[i] ?? '').trim() !== '')?.cells[i]?.trim();
  return Array.from({ length: count }, (_, i) => {
    const title = hasHeader ? first[i]?.trim() : example(i);
    const shortTitle = title && title.length > 24 ? `${title.slice(0, 23)}…` : title;
    return { value: String(i), label: shortTitle ? `${columnLetter(i)}: ${shortTitle}` : `Column ${columnLetter(i)}` };
  });
}

export function ColumnMappingForm({
  records,
  mapping,
  hasHeader,
  onMappingChange,
  onHeaderChange,
}: {
  records: readonly CsvRecord[];
  mapping: ColumnMapping;
  hasHeader: boolean;
  onMappingChange: (mapping: ColumnMapping) => void;
  onHeaderChange: (hasHeader: boolean) => void;
}) {
  const options = columnOptions(records, hasHeader);
  return (
    <Stack gap="xs">
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs">
        {FIELDS.map(({ field, label, required }) => (
          <Select
            key={field}
            size="xs"
            label={label}
            required={required}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
            data={required ? options : [{ value: NONE, label: 'Not imported' }, ...options]}
            value={mapping[field] === null ? NONE : String(mapping[field])}
            onChange={(value) =>
              onMappingChange({ ...mapping, [field]: value === null || value === NONE ? null : Number(value) })
            }
          />
        ))}
      </SimpleGrid>
      <Checkbox
        size="xs"
        label="The first row holds column names"
        checked={hasHeader}
        onChange={(e) => onHeaderChange(e.currentTarget.checked)}
      />
    </Stack>
  );
}
