// A column header that sorts the list on the server; aria-sort tells screen readers the order.
import { Group, Table, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconChevronUp, IconSelector } from '@tabler/icons-react';
import type { AdminUserSort } from '@kurir/core';
import type { SortState } from './use-users-list';

type Props = { column: AdminUserSort; label: string; sorting: SortState; onSort: (column: AdminUserSort) => void };

export function SortHeader({ column, label, sorting, onSort }: Props) {
  const active = sorting.sort === column;
  const Icon = !active ? IconSelector : sorting.order === 'asc' ? IconChevronUp : IconChevronDown;
  return (
    <Table.Th aria-sort={active ? (sorting.order === 'asc' ? 'ascending' : 'descending') : 'none'} style={{ whiteSpace: 'nowrap' }}>
      <UnstyledButton onClick={() => onSort(column)} fw={600} fz="sm">
        <Group gap={4} wrap="nowrap">
          {label}
          <Icon size={14} aria-hidden style={{ opacity: active ? 1 : 0.5 }} />
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}
