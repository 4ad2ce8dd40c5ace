// The Users page's filters (admin spec §2): status and role checkboxes and a free-text search over
// phone, first name, last name and company name.
import { Checkbox, CloseButton, Group, Loader, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { ROLES, USER_STATUSES, type Role, type UserStatus } from '@kurir/core';
import type { UsersList } from './use-users-list';

const STATUS_LABELS: Record<UserStatus, string> = { active: 'Active', inactive: 'Inactive' };
const ROLE_LABELS: Record<Role, string> = { admin: 'Admin', user: 'User', slave: 'Slave' };

export function UsersFilters({ list }: { list: UsersList }) {
  return (
    <Group align="flex-end" gap="lg" wrap="wrap">
      <TextInput
        label="Search"
        placeholder="Phone, first, last or company name"
        value={list.search}
        onChange={(event) => list.setSearch(event.currentTarget.value)}
        leftSection={<IconSearch size={16} aria-hidden />}
        rightSection={
          list.searching ? (
            <Loader size={14} aria-label="Searching" />
          ) : list.search ? (
            <CloseButton aria-label="Clear search" onClick={() => list.setSearch('')} />
          ) : null
        }
        w={{ base: '100%', sm: 320 }}
      />
      <Checkbox.Group label="Status" value={list.statuses} onChange={(value) => list.setStatuses(value as UserStatus[])}>
        <Group gap="md" mt={6}>
          {USER_STATUSES.map((status) => (
            <Checkbox key={status} value={status} label={STATUS_LABELS[status]} />
          ))}
        </Group>
      </Checkbox.Group>
      <Checkbox.Group label="Role" value={list.roles} onChange={(value) => list.setRoles(value as Role[])}>
        <Group gap="md" mt={6}>
          {ROLES.map((role) => (
            <Checkbox key={role} value={role} label={ROLE_LABELS[role]} />
          ))}
        </Group>
      </Checkbox.Group>
    </Group>
  );
}
