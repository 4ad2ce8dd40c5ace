import { Button, Card, Center, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBug } from '@tabler/icons-react';
import { useRouteError } from 'react-router';

/** Shown when a page throws while rendering: a way out instead of a blank screen. */
export function RouteError() {
  const error = useRouteError();
  console.error(error);
  return (
    <Center mih="100dvh" p="md" bg="gray.0" component="main">
      <Card padding="xl" maw={440} w="100%" shadow="sm">
        <Stack align="center" gap="sm" ta="center">
          <ThemeIcon size={56} radius="xl" variant="light" color="orange" aria-hidden>
            <IconBug size={30} />
          </ThemeIcon>
          <Title order={1} fz={22}>
            Something went wrong
          </Title>
          <Text c="dimmed">The page could not be shown. Reloading usually helps.</Text>
          <Button onClick={() => window.location.reload()} mt="sm">
            Reload the page
          </Button>
        </Stack>
      </Card>
    </Center>
  );
}
