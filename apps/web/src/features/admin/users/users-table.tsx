// The users table (admin spec §2): sortable columns user, contact, status, role, credit and last
// login; sender name ('N/A' when none) and primary channel; a View toggle that expands the row
// with the user's analytics and transactions; the Actions menu.
import { Button, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import { Fragment, type ReactNode } from 'react';
import type { AdminUser, AdminUserSort } from '@kurir/core';
import { formatDateTime, formatEuros } from '../../../lib/format';
import { SortHeader } from './sort-header';
import { UserActionsMenu, type UserDialog } from './user-actions-menu';
import { RoleBadge, StatusBadge } from './user-badges';
import { shortId, userDisplayName } from './user-display';
import type { SortState } from './use-users-list';

type Props = {
  users: readonly AdminUser[];
  sorting: SortState;
  onSort: (column: AdminUserSort) => void;
  expandedId: string | null;
  onToggle: (id: string) => void;
  onOpen: (dialog: UserDialog) => void;
  renderExpansion: (user: AdminUser) => ReactNode;
};

const COLUMNS = 10;

export function ViewToggle({ user, expanded, onToggle }: { user: AdminUser; expanded: boolean; onToggle: (id: string) => void }) {
  const Icon = expanded ? IconChevronDown : IconChevronRight;
  return (
    <Button
      size="compact-xs"
      variant={expanded ? 'filled' : 'light'}
      leftSection={<Icon size={14} aria-hidden />}
      aria-expanded={expanded}
      aria-controls={`user-${user.id}-details`}
      onClick={() => onToggle(user.id)}
    >
      View
    </Button>
  );
}

function UserRow({ user, expanded, onToggle, onOpen }: { user: AdminUser; expanded: boolean; onToggle: (id: string) => void; onOpen: Props['onOpen'] }) {
  return (
    <Table.Tr bg={expanded ? 'blue.0' : undefined}>
      <Table.Td>
        <Text fw={500} fz="sm" lineClamp={1}>
          {userDisplayName(user)}
        </Text>
        <Text fz="xs" c="dimmed" ff="monospace">
          {shortId(user.id)}
        </Text>
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{user.phone}</Table.Td>
      <Table.Td miw={84}>
        <StatusBadge status={user.status} />
      </Table.Td>
      <Table.Td miw={76}>
        <RoleBadge role={user.role} />
      </Table.Td>
      <Table.Td style={{ textAlign: 'right', fontVariantNumeric: 'tabular-nums' }}>{formatEuros(user.credit)}</Table.Td>
      <Table.Td>{user.settings.sender_name ?? 'N/A'}</Table.Td>
      <Table.Td tt="uppercase" fz="xs">
        {user.settings.primary_channel ?? 'sms'}
      </Table.Td>
      <Table.Td fz="xs">{user.last_login ? formatDateTime(user.last_login) : 'Never'}</Table.Td>
      <Table.Td>
        <ViewToggle user={user} expanded={expanded} onToggle={onToggle} />
      </Table.Td>
      <Table.Td>
        <UserActionsMenu user={user} onOpen={onOpen} />
      </Table.Td>
    </Table.Tr>
  );
}

export function UsersTable({ users, sorting, onSort, expandedId, onToggle, onOpen, renderExpansion }: Props) {
  const sortable = (column: AdminUserSort, label: string) => <SortHeader column={column} label={label} sorting={sorting} onSort={onSort} />;
  return (
    <Table.ScrollContainer minWidth={880}>
      <Table verticalSpacing="xs" horizontalSpacing="xs" fz="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            {sortable('user', 'User')}
            {sortable('phone', 'Contact')}
            {sortable('status', 'Status')}
            {sortable('role', 'Role')}
            {sortable('credit', 'Credit')}
            <Table.Th>Sender name</Table.Th>
            <Table.Th>Channel</Table.Th>
            {sortable('last_login', 'Last login')}
            <Table.Th>View</Table.Th>
            <Table.Th>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {users.map((user) => (
            <Fragment key={user.id}>
              <UserRow user={user} expanded={expandedId === user.id} onToggle={onToggle} onOpen={onOpen} />
              {expandedId === user.id && (
                <Table.Tr id={`user-${user.id}-details`}>
                  <Table.Td colSpan={COLUMNS} bg="gray.0" p="md">
                    {renderExpansion(user)}
                  </Table.Td>
                </Table.Tr>
              )}
            </Fragment>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
