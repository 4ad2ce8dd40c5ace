// A message an administrator sent to this user (free of charge) says so, so the customer does not
// take it for one of their own sends.
import { Badge, Tooltip } from '@mantine/core';
import { IconShieldCheck } from '@tabler/icons-react';

export function AdminSentBadge() {
  return (
    <Tooltip label="Sent to you by a Kurir administrator, free of charge">
      <Badge size="xs" color="red" variant="light" tt="none" leftSection={<IconShieldCheck size={10} aria-hidden />} data-testid="sent-by-admin">
        Sent by administrator
      </Badge>
    </Tooltip>
  );
}
