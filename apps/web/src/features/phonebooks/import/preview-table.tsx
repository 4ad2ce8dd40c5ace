// The rows of an import as they will be treated: ready, invalid (with the reason) or duplicate
// (within the import, or already in the phonebook). Only the first rows are drawn; counts cover all.
import { Badge, Group, ScrollArea, SegmentedControl, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import type { Preview, PreviewRow, RowStatus } from './preview-model';

const SHOWN_ROWS = 100;

const STATUS: Record<RowStatus, { label: string; color: string; background?: string }> = {
  valid: { label: 'Ready', color: 'teal' },
  invalid: { label: 'Invalid', color: 'red', background: 'var(--mantine-color-red-0)' },
  duplicate: { label: 'Duplicate', color: 'yellow', background: 'var(--mantine-color-yellow-0)' },
};

type Filter = 'all' | 'problems';

/** Whatever was typed in the phone column, cut so one odd cell cannot widen the table. */
const shorten = (text: string) => (text.length > 20 ? `${text.slice(0, 19)}…` : text);

const dash = (
  <Text span c="dimmed">
    —
  </Text>
);

/** The name, what else the row carries (its email on phones, its notes) and why it will not be imported. */
function ContactCell({ row }: { row: PreviewRow }) {
  return (
    <Stack gap={2}>
      <Text fz="sm">{row.name || dash}</Text>
      <Badge hiddenFrom="sm" size="xs" variant="light" color={STATUS[row.status].color}>
        {STATUS[row.status].label}
      </Badge>
      {row.email && (
        <Text fz="xs" c="dimmed" hiddenFrom="sm" style={{ overflowWrap: 'anywhere' }}>
          {row.email}
        </Text>
      )}
      {row.notes && (
        <Text fz="xs" c="dimmed" lineClamp={2}>
          {row.notes}
        </Text>
      )}
      {row.error && (
        <Text fz="xs" c={row.status === 'invalid' ? 'red.8' : 'yellow.9'} lh={1.3}>
          {row.error}
        </Text>
      )}
    </Stack>
  );
}

export function PreviewSummary({ preview }: { preview: Preview }) {
  const { valid, invalid, duplicate } = preview.counts;
  return (
    <Group gap="xs" aria-live="polite">
      <Badge color="teal" variant="light">
        {valid} ready to import
      </Badge>
      {invalid > 0 && (
        <Badge color="red" variant="light">
          {invalid} invalid
        </Badge>
      )}
      {duplicate > 0 && (
        <Badge color="yellow" variant="light">
          {duplicate} {duplicate === 1 ? 'duplicate' : 'duplicates'}
        </Badge>
      )}
    </Group>
  );
}

/** `firstRowsOnly`: the preview is of a large CSV file's first rows; the server checks the rest. */
export function PreviewTable({ preview, firstRowsOnly = false }: { preview: Preview; firstRowsOnly?: boolean }) {
  const [filter, setFilter] = useState<Filter>('all');
  const problems = preview.counts.invalid + preview.counts.duplicate;
  const rows = filter === 'all' ? preview.rows : preview.rows.filter((r) => r.status !== 'valid');
  const shown = rows.slice(0, SHOWN_ROWS);

  return (
    <Stack gap="xs">
      <Group justify="space-between" gap="xs">
        <PreviewSummary preview={preview} />
        {problems > 0 && (
          <SegmentedControl
            size="xs"
            value={filter}
            onChange={(v) => setFilter(v as Filter)}
            data={[
              { value: 'all', label: `All rows (${preview.rows.length})` },
              { value: 'problems', label: `Problems (${problems})` },
            ]}
          />
        )}
      </Group>
      <ScrollArea.Autosize mah={320} type="auto" offsetScrollbars>
        <Table fz="sm" verticalSpacing={6} stickyHeader aria-label="Import preview">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={{ base: 40, sm: 52 }}>Line</Table.Th>
              <Table.Th>Name</Table.Th>
              <Table.Th>Phone</Table.Th>
              <Table.Th visibleFrom="sm">Email</Table.Th>
              <Table.Th w={112} visibleFrom="sm">
                Status
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shown.map((r) => (
              <Table.Tr key={r.row} bg={STATUS[r.status].background} data-status={r.status} style={{ verticalAlign: 'top' }}>
                <Table.Td c="dimmed">{r.row}</Table.Td>
                <Table.Td style={{ overflowWrap: 'break-word' }}>
                  <ContactCell row={r} />
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }} title={r.phone_number}>
                  {shorten(r.phone_number) || dash}
                </Table.Td>
                <Table.Td visibleFrom="sm" style={{ overflowWrap: 'break-word' }}>
                  {r.email}
                </Table.Td>
                <Table.Td visibleFrom="sm">
                  <Badge size="sm" variant="light" color={STATUS[r.status].color}>
                    {STATUS[r.status].label}
                  </Badge>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea.Autosize>
      {rows.length > SHOWN_ROWS && (
        <Text fz="xs" c="dimmed">
          Showing the first {SHOWN_ROWS} of {rows.length.toLocaleString('en')} rows.
        </Text>
      )}
      {firstRowsOnly && (
        <Text fz="xs" c="dimmed">
          The preview checks the first {preview.rows.length.toLocaleString('en')} rows of the file; every row is checked when it is imported.
        </Text>
      )}
    </Stack>
  );
}
