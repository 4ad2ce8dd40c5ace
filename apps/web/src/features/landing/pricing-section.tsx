import { Badge, Button, Card, Container, List, SimpleGrid, Text, ThemeIcon, Title, VisuallyHidden } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { STARTER_CREDIT_EUROS } from '@kurir/core/constants';
import { formatEuros } from '../../lib/money-format';
import classes from './landing.module.css';
import { SectionHeading } from './section-heading';

type Plan = {
  name: string;
  price: string;
  priceNote: string;
  description: string;
  points: string[];
  action: string;
  featured?: boolean;
};

const plans: Plan[] = [
  {
    name: 'Free Account',
    price: formatEuros(0),
    priceNote: 'to get started',
    description: 'Everything you need to send your first messages.',
    points: [
      `${formatEuros(STARTER_CREDIT_EUROS)} free credit on sign-up`,
      'Sign in with your phone, no password',
      'Single and bulk SMS',
      'Delivery status for every message',
    ],
    action: 'Create Account',
  },
  {
    name: 'Custom Topups',
    price: `from ${formatEuros(1)}`,
    priceNote: 'top up any amount',
    description: 'Pay as you go from a prepaid euro balance.',
    points: [
      'Top up by card, from €1 or more',
      'Volume discounts on larger top-ups',
      'Credits never expire',
      'No subscription needed',
    ],
    action: 'Learn More',
    featured: true,
  },
  {
    name: 'Premium Features',
    price: 'Add-ons',
    priceNote: 'paid from your balance',
    description: 'Switch on only what your business needs.',
    points: ['Viber messaging with SMS fallback', 'Schedule send', 'Phonebooks with bulk import', 'Custom sender name'],
    action: 'View Add-ons',
  },
];

export function PricingSection() {
  return (
    <section className={`${classes.section} ${classes.sectionAlt}`} id="pricing" aria-labelledby="pricing-title">
      <Container size="lg">
        <SectionHeading id="pricing-title" eyebrow="Pricing" title="Simple, prepaid, in euros">
          Start free, top up when you need more, and pay only for the messages you send.
        </SectionHeading>
        <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
          {plans.map((plan) => (
            <Card
              key={plan.name}
              padding="xl"
              className={`${classes.priceCard} ${plan.featured ? classes.priceCardFeatured : ''}`}
            >
              <Title order={3} fz="lg">
                {plan.name}
                {plan.featured && (
                  <Badge ml="xs" size="sm" variant="filled" style={{ verticalAlign: 'middle' }}>
                    Popular
                  </Badge>
                )}
              </Title>
              <Text c="dimmed" fz="sm" mt={4}>
                {plan.description}
              </Text>
              <Text fz={34} fw={800} mt="lg" lh={1.1} style={{ letterSpacing: '-0.02em' }}>
                {plan.price}
              </Text>
              <Text c="dimmed" fz="sm" mb="lg">
                {plan.priceNote}
              </Text>
              <List
                spacing="sm"
                fz="sm"
                mb="xl"
                style={{ flex: 1 }}
                icon={
                  <ThemeIcon size={20} radius="xl" variant="light" color="teal">
                    <IconCheck size={13} />
                  </ThemeIcon>
                }
              >
                {plan.points.map((point) => (
                  <List.Item key={point}>{point}</List.Item>
                ))}
              </List>
              <Button component="a" href="/register" variant={plan.featured ? 'filled' : 'light'} fullWidth size="md">
                {plan.action}
                {/* The spec's short labels, made specific for screen readers and link lists. */}
                <VisuallyHidden>: {plan.name}</VisuallyHidden>
              </Button>
            </Card>
          ))}
        </SimpleGrid>
      </Container>
    </section>
  );
}
