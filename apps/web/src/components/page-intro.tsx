// The top of a page inside a shell whose header already carries the page's title (the admin
// area): one sentence on what the page is for, and the page's main actions on the right.
import { Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';

export function PageIntro({ description, actions }: { description: ReactNode; actions?: ReactNode }) {
  return (
    <Group justify="space-between" align="center" gap="sm">
      <Text c="dimmed">{description}</Text>
      {actions}
    </Group>
  );
}
