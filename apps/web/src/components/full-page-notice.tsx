// A centred card: for the 404 page and for a page that failed to render. Alone it fills the
// page (and is the page's <main>); inside the customer shell it sits in the shell's main area.
import { Card, Center, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export function FullPageNotice(props: { icon: ReactNode; color: string; title: string; text: string; action: ReactNode; inShell?: boolean }) {
  return (
    <Center mih={props.inShell ? '60dvh' : '100dvh'} p="md" bg={props.inShell ? undefined : 'gray.0'} component={props.inShell ? 'div' : 'main'}>
      <Card padding="xl" maw={440} w="100%" shadow="sm">
        <Stack align="center" gap="sm" ta="center">
          <ThemeIcon size={56} radius="xl" variant="light" color={props.color} aria-hidden>
            {props.icon}
          </ThemeIcon>
          <Title order={1} fz={24}>
            {props.title}
          </Title>
          <Text c="dimmed">{props.text}</Text>
          {props.action}
        </Stack>
      </Card>
    </Center>
  );
}
