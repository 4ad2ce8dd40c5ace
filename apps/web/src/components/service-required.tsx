// A page that needs a service the customer has not bought (Scheduled messages without Schedule
// Send, Phonebooks without Phonebook): the same words as the sidebar's dialog, in the one
// LockedState look, with the way to the Products page. Nothing is fetched from a locked page.
import { Button } from '@mantine/core';
import { IconPackage } from '@tabler/icons-react';
import { Link } from 'react-router';
import { FEATURE_REQUIRED_MESSAGES, type FeatureKey } from '@kurir/core/features';
import { LockedState } from './empty-state';

export function ServiceRequired({ feature, service }: { feature: FeatureKey; service: string }) {
  return (
    <LockedState
      title={`${service} service required`}
      text={FEATURE_REQUIRED_MESSAGES[feature]}
      action={
        <Button component={Link} to="/dashboard/products" leftSection={<IconPackage size={16} aria-hidden />} mt="xs">
          View Products
        </Button>
      }
    />
  );
}
