// A centred card that fills the page: for the 404 page and for a page that failed to render.
import { Card, Center, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export function FullPageNotice(props: { icon: ReactNode; color: string; title: string; text: string; action: ReactNode }) {
  return (
    <Center mih="100dvh" p="md" bg="gray.0" component="main">
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
