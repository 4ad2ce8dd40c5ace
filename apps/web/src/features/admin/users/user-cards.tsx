// The users list on phones: one card per user with the same facts as the table's columns, the
// View toggle and the Actions menu; sorting is a select (the table's headers are not there).
import { ActionIcon, Card, Group, Select, Stack, Text } from '@mantine/core';
import { IconSortAscending, IconSortDescending } from '@tabler/icons-react';
import type { AdminUser, AdminUserSort } from '@kurir/core';
import { formatDateTime, formatEuros } from '../../../lib/format';
import { UserActionsMenu, type UserDialog } from './user-actions-menu';
import { RoleBadge, StatusBadge } from './user-badges';
import { shortId, userDisplayName } from './user-display';
import { ViewToggle } from './users-table';
import type { SortState } from './use-users-list';

const SORT_CHOICES: { value: AdminUserSort; label: string }[] = [
  { value: 'last_login', label: 'Last login' },
  { value: 'user', label: 'User' },
  { value: 'phone', label: 'Contact' },
  { value: 'status', label: 'Status' },
  { value: 'role', label: 'Role' },
  { value: 'credit', label: 'Credit' },
];

type Props = {
  users: readonly AdminUser[];
  sorting: SortState;
  onSort: (column: AdminUserSort) => void;
  expandedId: string | null;
  onToggle: (id: string) => void;
  onOpen: (dialog: UserDialog) => void;
  renderExpansion: (user: AdminUser) => React.ReactNode;
};

function SortPicker({ sorting, onSort }: Pick<Props, 'sorting' | 'onSort'>) {
  const Icon = sorting.order === 'asc' ? IconSortAscending : IconSortDescending;
  return (
    <Group gap="xs" align="flex-end" wrap="nowrap">
      <Select
        label="Sort by"
        data={SORT_CHOICES}
        value={sorting.sort}
        allowDeselect={false}
        onChange={(value) => value && value !== sorting.sort && onSort(value as AdminUserSort)}
        style={{ flex: 1 }}
      />
      <ActionIcon size="lg" variant="default" aria-label={sorting.order === 'asc' ? 'Ascending' : 'Descending'} onClick={() => onSort(sorting.sort)}>
        <Icon size={18} />
      </ActionIcon>
    </Group>
  );
}

export function UserCards({ users, sorting, onSort, expandedId, onToggle, onOpen, renderExpansion }: Props) {
  return (
    <Stack gap="sm">
      <SortPicker sorting={sorting} onSort={onSort} />
      {users.map((user) => (
        <Card key={user.id} padding="sm" withBorder>
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <div style={{ minWidth: 0 }}>
              <Text fw={600} truncate>
                {userDisplayName(user)}
              </Text>
              <Text fz="xs" c="dimmed">
                <Text span ff="monospace" fz="xs">{shortId(user.id)}</Text> · {user.phone}
              </Text>
            </div>
            <UserActionsMenu user={user} onOpen={onOpen} />
          </Group>
          <Group gap={6} mt={6}>
            <StatusBadge status={user.status} />
            <RoleBadge role={user.role} />
            <Text fz="sm" fw={600} ml="auto" style={{ fontVariantNumeric: 'tabular-nums' }}>
              {formatEuros(user.credit)}
            </Text>
          </Group>
          <Text fz="xs" c="dimmed" mt={6}>
            Sender {user.settings.sender_name ?? 'N/A'} · {(user.settings.primary_channel ?? 'sms').toUpperCase()} · last login{' '}
            {user.last_login ? formatDateTime(user.last_login) : 'never'}
          </Text>
          <Group mt="xs">
            <ViewToggle user={user} expanded={expandedId === user.id} onToggle={onToggle} />
          </Group>
          {expandedId === user.id && (
            <div id={`user-${user.id}-details`} style={{ marginTop: 'var(--mantine-spacing-sm)' }}>
              {renderExpansion(user)}
            </div>
          )}
        </Card>
      ))}
    </Stack>
  );
}
