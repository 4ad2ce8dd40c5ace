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
  const phone = usePhone();
  // On phones the three tabs stay on one line and scroll sideways rather than wrap.
  const tab = phone ? { px: 'xs', fz: 'sm' } : {};
  return (
    <Modal opened onClose={onClose} title={`Edit User: ${userDisplayName(user)}`} size="xl" fullScreen={phone}>
      {detail.isPending && <Loader size="sm" aria-label="Loading user" />}
      {detail.isError && (
        <Text c="red" role="alert">
          {errorDetail(detail.error)}
        </Text>
      )}
      {detail.data && (
        <Tabs defaultValue="profile" keepMounted={false}>
          <Tabs.List mb="md" style={{ flexWrap: 'nowrap', overflowX: 'auto', overflowY: 'hidden' }}>
            <Tabs.Tab value="profile" {...tab}>
              Profile Information
            </Tabs.Tab>
            <Tabs.Tab value="settings" {...tab}>
              User Settings
            </Tabs.Tab>
            <Tabs.Tab value="products" {...tab}>
              User Products
            </Tabs.Tab>
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
