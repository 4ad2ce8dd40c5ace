// A message an administrator sent to this user (free of charge) says so, so the customer does not
// take it for one of their own sends. The explanation is a native tooltip (title), which also
// reaches screen readers as the badge's description, without popover code on the History page.
import { Badge } from '@mantine/core';
import { IconShieldCheck } from '@tabler/icons-react';

export function AdminSentBadge() {
  return (
    <Badge
      size="xs"
      color="red"
      variant="light"
      tt="none"
      leftSection={<IconShieldCheck size={10} aria-hidden />}
      title="Sent to you by a Kurir administrator, free of charge"
      data-testid="sent-by-admin"
    >
      Sent by administrator
    </Badge>
  );
}
