// Status and role as badges, the same in the table, the cards and the dialogs.
import { Badge } from '@mantine/core';
import type { Role, UserStatus } from '@kurir/core';

const ROLE_COLORS: Record<Role, string> = { admin: 'red', user: 'blue', slave: 'grape' };

export function StatusBadge({ status }: { status: UserStatus }) {
  return (
    <Badge color={status === 'active' ? 'teal' : 'gray'} variant="light" style={{ minWidth: 'max-content' }}>
      {status}
    </Badge>
  );
}

export function RoleBadge({ role }: { role: Role }) {
  return (
    <Badge color={ROLE_COLORS[role]} variant="outline" style={{ minWidth: 'max-content' }}>
      {role}
    </Badge>
  );
}
