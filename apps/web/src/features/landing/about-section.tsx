import { Button, Container, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import classes from './landing.module.css';

const figures = [
  { value: '99.9%', label: 'Delivery rate' },
  { value: '2.3 s', label: 'Average delivery speed' },
  { value: '24/7', label: 'Live support and tracking' },
  { value: 'Global', label: 'Reach in every country' },
];

export function AboutSection() {
  return (
    <section className={classes.section} id="about" aria-labelledby="about-title">
      <Container size="lg">
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing={56} style={{ alignItems: 'center' }}>
          <Stack gap="md">
            <Text className={classes.eyebrow}>About Kurir</Text>
            <Title order={2} id="about-title" className={classes.sectionTitle}>
              A courier for your messages
            </Title>
            <Text c="dimmed" fz="lg">
              Kurir means courier. We built it for pharmacies, clinics, shops, restaurants and service teams that need
              their messages to reach people on time: appointment reminders, order updates, confirmations and
              campaigns.
            </Text>
            <Text c="dimmed">
              Every message is priced before you send it and paid from your prepaid balance. If a message cannot be
              delivered, the undelivered part is refunded to your balance. AI-powered analytics help you see what
              works.
            </Text>
          </Stack>
          <SimpleGrid cols={2} spacing="lg">
            {figures.map((figure) => (
              <Stack key={figure.label} gap={2} p="lg" bg="gray.0" style={{ borderRadius: 'var(--mantine-radius-lg)' }}>
                <Text className={classes.stat}>{figure.value}</Text>
                <Text c="dimmed" fz="sm">
                  {figure.label}
                </Text>
              </Stack>
            ))}
          </SimpleGrid>
        </SimpleGrid>
        <div className={classes.cta} style={{ marginTop: 72 }}>
          <Title order={2} c="white" fz={{ base: 24, sm: 30 }}>
            Ready to send your first message?
          </Title>
          <Text c="brand.1" mt="xs" mb="lg">
            Register with your phone number in under a minute. Your free credit is waiting.
          </Text>
          <Group justify="center">
            <Button component="a" href="/register" size="lg" variant="white" rightSection={<IconArrowRight size={18} />}>
              Get my free credit
            </Button>
          </Group>
        </div>
      </Container>
    </section>
  );
}
