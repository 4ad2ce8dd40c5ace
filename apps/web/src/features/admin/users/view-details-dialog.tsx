// View Details (admin spec §2): Profile, Account and Business tabs, read-only; a missing value
// reads 'Not provided' (things the user could fill in) or 'N/A' (things that may not exist yet).
import { Loader, Modal, SimpleGrid, Tabs, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { AdminUser } from '@kurir/core';
import { errorDetail } from '../../../lib/api';
import { formatDateTime, formatEuros } from '../../../lib/format';
import { getUserQuery } from './api/get-user';
import { RoleBadge, StatusBadge } from './user-badges';
import { orNotProvided, userDisplayName } from './user-display';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text fz="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      <Text component="div" fz="sm" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </div>
  );
}

function addressLine(user: AdminUser): string {
  const place = [user.zip_code, user.city].filter((part) => part?.trim()).join(' ');
  const parts = [user.address, place, user.country].filter((part) => part?.trim());
  return parts.length ? parts.join(', ') : 'Not provided';
}

function DetailTabs({ user, defaultSenderName }: { user: AdminUser; defaultSenderName: string }) {
  return (
    <Tabs defaultValue="profile">
      <Tabs.List mb="md">
        <Tabs.Tab value="profile">Profile</Tabs.Tab>
        <Tabs.Tab value="account">Account</Tabs.Tab>
        <Tabs.Tab value="business">Business</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="profile">
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <Field label="First name">{orNotProvided(user.first_name)}</Field>
          <Field label="Last name">{orNotProvided(user.last_name)}</Field>
          <Field label="Email">{orNotProvided(user.email)}</Field>
          <Field label="Phone">{user.phone}</Field>
        </SimpleGrid>
      </Tabs.Panel>
      <Tabs.Panel value="account">
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <Field label="Role">
            <RoleBadge role={user.role} />
          </Field>
          <Field label="Status">
            <StatusBadge status={user.status} />
          </Field>
          <Field label="Credit balance">{formatEuros(user.credit)}</Field>
          <Field label="User ID">{user.id}</Field>
          <Field label="Created">{user.created_at ? formatDateTime(user.created_at) : 'N/A'}</Field>
          <Field label="Last login">{user.last_login ? formatDateTime(user.last_login) : 'N/A'}</Field>
        </SimpleGrid>
      </Tabs.Panel>
      <Tabs.Panel value="business">
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <Field label="Company name">{orNotProvided(user.company_name)}</Field>
          <Field label="Tax ID">{orNotProvided(user.tax_id)}</Field>
          <Field label="Address">{addressLine(user)}</Field>
          <Field label="SMS sender name">{user.settings.sender_name ?? defaultSenderName}</Field>
          <Field label="Primary channel">{(user.settings.primary_channel ?? 'sms').toUpperCase()}</Field>
        </SimpleGrid>
      </Tabs.Panel>
    </Tabs>
  );
}

export function ViewDetailsDialog({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const detail = useQuery(getUserQuery(user.id));
  return (
    <Modal opened onClose={onClose} title={`User details: ${userDisplayName(user)}`} size="lg">
      {detail.isPending && <Loader size="sm" aria-label="Loading user" />}
      {detail.isError && (
        <Text c="red" role="alert">
          {errorDetail(detail.error)}
        </Text>
      )}
      {detail.data && <DetailTabs user={detail.data.user} defaultSenderName={detail.data.defaultSenderName} />}
    </Modal>
  );
}
