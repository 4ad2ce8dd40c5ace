// One look for "nothing here yet" and "this needs a service" across the customer pages: an icon,
// a short title, a sentence, and at most one action.
import { Stack, Text, ThemeIcon } from '@mantine/core';
import { IconInbox, IconLock } from '@tabler/icons-react';
import type { ReactNode } from 'react';

export function EmptyState(props: { title: string; text?: ReactNode; action?: ReactNode; icon?: ReactNode; headingLevel?: 2 | 3 }) {
  return (
    <Stack align="center" gap={6} py="xl" px="md" ta="center">
      <ThemeIcon size={44} radius="xl" variant="light" color="gray" aria-hidden>
        {props.icon ?? <IconInbox size={22} />}
      </ThemeIcon>
      <Text fw={600} component={props.headingLevel ? (`h${props.headingLevel}` as 'h2') : 'p'} fz="md" m={0}>
        {props.title}
      </Text>
      {props.text && (
        <Text fz="sm" c="dimmed" maw={420}>
          {props.text}
        </Text>
      )}
      {props.action}
    </Stack>
  );
}

/** A page or part of one that needs a service the customer has not bought (spec §2 gating). */
export function LockedState(props: { title: string; text: ReactNode; action: ReactNode }) {
  return <EmptyState icon={<IconLock size={22} />} headingLevel={2} {...props} />;
}
