import { Button, Card, Center, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { Link } from 'react-router';

/** Any path the router does not know (spec §2). */
export function NotFoundPage() {
  return (
    <Center mih="100dvh" p="md" bg="gray.0" component="main">
      <Card padding="xl" maw={440} w="100%" shadow="sm">
        <Stack align="center" gap="sm" ta="center">
          <ThemeIcon size={56} radius="xl" variant="light" color="red" aria-hidden>
            <IconAlertCircle size={32} />
          </ThemeIcon>
          <Title order={1} fz={24}>
            404 Page Not Found
          </Title>
          <Text c="dimmed">Did you forget to add the page to the router?</Text>
          <Button component={Link} to="/" variant="light" mt="sm">
            Go to the home page
          </Button>
        </Stack>
      </Card>
    </Center>
  );
}
