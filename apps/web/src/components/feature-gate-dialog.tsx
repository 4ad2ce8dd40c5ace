// The dialog of a closed sidebar gate: names the service and leads to the Products page.
// Loaded on first use (React.lazy), so the dialog library is not part of every page load.
import { Button, Group, Modal, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { Link } from 'react-router';
import { FEATURE_REQUIRED_MESSAGES } from '@kurir/core/features';
import type { FeatureGate } from './feature-gate';

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
