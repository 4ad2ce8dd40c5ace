import { Badge, Button, Container, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconArrowRight, IconGift } from '@tabler/icons-react';
import { STARTER_CREDIT_EUROS } from '@kurir/core/constants';
import { formatEuros } from '../../lib/money-format';
import classes from './landing.module.css';
import { PhoneDemo } from './phone-demo';

const claims = [
  { value: '99.9%', label: 'delivery rate' },
  { value: '2.3 s', label: 'average speed' },
  { value: '24/7', label: 'live support' },
];

export function HeroSection() {
  return (
    <section className={classes.hero} aria-labelledby="hero-title">
      <Container size="lg">
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing={56} style={{ alignItems: 'center' }}>
          <Stack gap="lg">
            <Badge size="lg" variant="light" leftSection={<IconGift size={14} />} w="fit-content" tt="none">
              {formatEuros(STARTER_CREDIT_EUROS)} free credit when you sign up
            </Badge>
            <Title order={1} id="hero-title" className={classes.heroTitle}>
              Business messages that <span className={classes.gradientText}>actually arrive</span>
            </Title>
            <Text fz="xl" c="dimmed" maw={520}>
              Send SMS and Viber campaigns, reminders and notifications from one place. Pay only for what you send from a
              prepaid euro balance, with no subscription.
            </Text>
            <Group gap="sm">
              <Button component="a" href="/register" size="lg" rightSection={<IconArrowRight size={18} />}>
                Start for free
              </Button>
              <Button component="a" href="#pricing" size="lg" variant="default">
                See pricing
              </Button>
            </Group>
            <Group gap="xl" mt="sm">
              {claims.map((claim) => (
                <div key={claim.label}>
                  <Text fw={800} fz={24} lh={1.1}>
                    {claim.value}
                  </Text>
                  <Text fz="sm" c="dimmed">
                    {claim.label}
                  </Text>
                </div>
              ))}
            </Group>
          </Stack>
          <PhoneDemo />
        </SimpleGrid>
      </Container>
    </section>
  );
}
