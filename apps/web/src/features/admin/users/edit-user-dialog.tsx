// Edit User (admin spec §2): Profile Information, User Settings and User Products. The forms
// start from a fresh read of the user; saving the profile or settings closes the dialog, products
// are added and removed in place.
import { Loader, Modal, Tabs, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { AdminUser } from '@kurir/core';
import { errorDetail } from '../../../lib/api';
import { getUserQuery } from './api/get-user';
import { EditProfileForm } from './edit-profile-form';
import { EditSettingsForm } from './edit-settings-form';
import { usePhone } from './use-phone';
import { UserProductsTab } from './user-products-tab';
import { userDisplayName } from './user-display';

export function EditUserDialog({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const detail = useQuery({ ...getUserQuery(user.id), staleTime: 0 });
  return (
    <Modal opened onClose={onClose} title={`Edit User: ${userDisplayName(user)}`} size="xl" fullScreen={usePhone()}>
      {detail.isPending && <Loader size="sm" aria-label="Loading user" />}
      {detail.isError && (
        <Text c="red" role="alert">
          {errorDetail(detail.error)}
        </Text>
      )}
      {detail.data && (
        <Tabs defaultValue="profile" keepMounted={false}>
          <Tabs.List mb="md">
            <Tabs.Tab value="profile">Profile Information</Tabs.Tab>
            <Tabs.Tab value="settings">User Settings</Tabs.Tab>
            <Tabs.Tab value="products">User Products</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="profile">
            <EditProfileForm user={detail.data.user} onSaved={onClose} />
          </Tabs.Panel>
          <Tabs.Panel value="settings">
            <EditSettingsForm user={detail.data.user} defaultSenderName={detail.data.defaultSenderName} onSaved={onClose} />
          </Tabs.Panel>
          <Tabs.Panel value="products">
            <UserProductsTab userId={user.id} />
          </Tabs.Panel>
        </Tabs>
      )}
    </Modal>
  );
}
