// Purchase Successful (spec §4, §9): what was bought and the new balance; closes itself after 5 s.
import { Button, Modal, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useEffect } from 'react';
import type { PurchaseResponse } from '@kurir/core/schemas/products';
import { formatDate, formatEuros } from '../../lib/format';

export const PURCHASE_SUCCESS_CLOSE_MS = 5000;

export function PurchaseSuccessDialog({ reply, onClose }: { reply: PurchaseResponse | null; onClose: () => void }) {
  useEffect(() => {
    if (!reply) return;
    const timer = setTimeout(onClose, PURCHASE_SUCCESS_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [reply, onClose]);

  const item = reply?.userProduct;
  return (
    <Modal opened={reply !== null} onClose={onClose} title="Purchase Successful" centered>
      {reply && item && (
        <Stack align="center" ta="center" gap="sm">
          <ThemeIcon size={56} radius="xl" color="teal" variant="light" aria-hidden>
            <IconCheck size={30} />
          </ThemeIcon>
          <Text fw={600}>{reply.message}</Text>
          {item.status === 'active' && item.expires_at && (
            <Text fz="sm" c="dimmed">
              Active until {formatDate(item.expires_at)}
            </Text>
          )}
          {item.status === 'pending' && (
            <Text fz="sm" c="dimmed">
              Approval typically takes 24-48 hours.
            </Text>
          )}
          <Text>
            New balance: <b>{formatEuros(reply.newCredit)}</b>
          </Text>
          <Button fullWidth mt="xs" onClick={onClose}>
            Done
          </Button>
        </Stack>
      )}
    </Modal>
  );
}
