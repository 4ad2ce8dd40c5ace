// /admin/users (admin spec §2 "Users page"): the pending sender-name panel above the users list,
// filtered, sorted and paged by the server; rows expand to analytics and transactions; the
// Actions menu opens the four dialogs.
import { Card, Group, Pagination, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { ADMIN_USER_MESSAGES, type AdminUser } from '@kurir/core';
import { errorDetail } from '../../../lib/api';
import { AddCreditDialog } from './add-credit-dialog';
import { EditUserDialog } from './edit-user-dialog';
import { PendingSenderPanel } from './pending-sender-panel';
import { SendSmsDialog } from './send-sms-dialog';
import type { UserDialog } from './user-actions-menu';
import { UserCards } from './user-cards';
import { UserExpansion } from './user-expansion';
import { UsersFilters } from './users-filters';
import { UsersTable } from './users-table';
import { usePhone } from './use-phone';
import { useUsersList } from './use-users-list';
import { ViewDetailsDialog } from './view-details-dialog';

const count = new Intl.NumberFormat('en');

function OpenDialog({ dialog, onClose }: { dialog: UserDialog | null; onClose: () => void }) {
  if (!dialog) return null;
  const props = { user: dialog.user, onClose };
  if (dialog.kind === 'view') return <ViewDetailsDialog {...props} />;
  if (dialog.kind === 'edit') return <EditUserDialog {...props} />;
  if (dialog.kind === 'credit') return <AddCreditDialog {...props} />;
  return <SendSmsDialog {...props} />;
}

export function UsersPage() {
  const list = useUsersList();
  const phone = usePhone();
  const [expandedId, setExpandedId] = useState<string | null>(null);
  const [dialog, setDialog] = useState<UserDialog | null>(null);
  const reply = list.query.data;
  const users = reply?.users ?? [];
  const listProps = {
    users,
    sorting: list.sorting,
    onSort: list.sortBy,
    expandedId,
    onToggle: (id: string) => setExpandedId((current) => (current === id ? null : id)),
    onOpen: setDialog,
    renderExpansion: (user: AdminUser) => <UserExpansion user={user} />,
  };
  return (
    <Stack gap="lg" maw={1400}>
      <PendingSenderPanel />
      <Card padding={phone ? 'sm' : 'md'}>
        <Stack gap="md">
          <UsersFilters list={list} />
          <Group justify="space-between">
            <Text fz="sm" c="dimmed" aria-live="polite">
              {reply ? `${count.format(reply.total)}${reply.totalCapped ? '+' : ''} ${reply.total === 1 ? 'user' : 'users'}` : 'Loading users…'}
            </Text>
          </Group>
          {list.query.isError && (
            <Text c="red" role="alert">
              Could not load the users: {errorDetail(list.query.error)}
            </Text>
          )}
          {reply && users.length === 0 && (
            <Text c="dimmed" ta="center" py="xl">
              {ADMIN_USER_MESSAGES.noUsers}
            </Text>
          )}
          {users.length > 0 && (phone ? <UserCards {...listProps} /> : <UsersTable {...listProps} />)}
          {reply && reply.totalPages > 1 && (
            <Group justify="center">
              <Pagination total={reply.totalPages} value={list.page} onChange={list.setPage} size="sm" aria-label="User pages" />
            </Group>
          )}
        </Stack>
      </Card>
      <OpenDialog dialog={dialog} onClose={() => setDialog(null)} />
    </Stack>
  );
}
