// Sidebar gating (spec §2 "Dashboard shell"): Scheduled messages needs an active Schedule Send
// product, Phonebook an active Phonebook product. Without it the entry opens this dialog, which
// names the service and leads to the Products page. The server refuses the same calls anyway.
import { Button, Group, Modal, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { Link } from 'react-router';
import { FEATURE_REQUIRED_MESSAGES, type FeatureKey } from '@kurir/core/features';
import { type Features } from '@kurir/core/schemas/auth';

export type FeatureGate = { feature: FeatureKey; service: string };

const GATED_PATHS: Record<string, FeatureGate> = {
  '/dashboard/scheduled-messages': { feature: 'schedule', service: 'Schedule Send' },
  '/dashboard/phonebook': { feature: 'phonebook', service: 'Phonebook' },
};

/** The gate that keeps the user from this sidebar entry, or null when they may go there. */
export function closedGateOf(path: string, features: Features): FeatureGate | null {
  const gate = GATED_PATHS[path];
  return gate && !features[gate.feature] ? gate : null;
}

type Props = {
  gate: FeatureGate | null;
  onClose: () => void;
  /** Called as the View Products link is followed (e.g. to close the mobile drawer too). */
  onViewProducts?: () => void;
};

export function FeatureGateDialog({ gate, onClose, onViewProducts }: Props) {
  return (
    <Modal opened={gate !== null} onClose={onClose} title={gate ? `${gate.service} required` : ''} centered>
      {gate && (
        <Stack gap="md">
          <Group gap="sm" wrap="nowrap" align="flex-start">
            <ThemeIcon size={40} radius="xl" variant="light" color="yellow" aria-hidden style={{ flexShrink: 0 }}>
              <IconLock size={22} />
            </ThemeIcon>
            <Text fz="sm">{FEATURE_REQUIRED_MESSAGES[gate.feature]}</Text>
          </Group>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Close
            </Button>
            <Button
              component={Link}
              to="/dashboard/products"
              onClick={() => {
                onClose();
                onViewProducts?.();
              }}
            >
              View Products
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
