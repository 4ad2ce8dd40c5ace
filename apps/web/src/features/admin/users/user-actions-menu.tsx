// The row's Actions menu (admin spec §2): View Details, Edit User, Add Credit, Send SMS.
import { ActionIcon, Menu } from '@mantine/core';
import { IconCoin, IconDots, IconEdit, IconEye, IconMessage } from '@tabler/icons-react';
import type { AdminUser } from '@kurir/core';
import { userDisplayName } from './user-display';

export type UserDialogKind = 'view' | 'edit' | 'credit' | 'sms';
export type UserDialog = { kind: UserDialogKind; user: AdminUser };

export function UserActionsMenu({ user, onOpen }: { user: AdminUser; onOpen: (dialog: UserDialog) => void }) {
  const open = (kind: UserDialogKind) => () => onOpen({ kind, user });
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={`Actions for ${userDisplayName(user)}`}>
          <IconDots size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconEye size={16} />} onClick={open('view')}>
          View Details
        </Menu.Item>
        <Menu.Item leftSection={<IconEdit size={16} />} onClick={open('edit')}>
          Edit User
        </Menu.Item>
        <Menu.Item leftSection={<IconCoin size={16} />} onClick={open('credit')}>
          Add Credit
        </Menu.Item>
        <Menu.Item leftSection={<IconMessage size={16} />} onClick={open('sms')}>
          Send SMS
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
