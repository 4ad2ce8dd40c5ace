// The heading of every customer page: title, a sentence on what the page is for, and the page's
// main actions on the right (below on phones).
import { Group, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export function PageHeader({ title, description, actions }: { title: ReactNode; description: ReactNode; actions?: ReactNode }) {
  return (
    <Group justify="space-between" align="flex-end" gap="sm">
      <div>
        <Title order={1} fz={28}>
          {title}
        </Title>
        <Text c="dimmed">{description}</Text>
      </div>
      {actions}
    </Group>
  );
}
