import { Card, Container, SimpleGrid, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconAddressBook,
  IconBrandViber,
  IconCalendarTime,
  IconChartBar,
  IconCode,
  IconSend,
  type TablerIcon,
} from '@tabler/icons-react';
import classes from './landing.module.css';
import { SectionHeading } from './section-heading';

const features: { icon: TablerIcon; color: string; title: string; text: string }[] = [
  {
    icon: IconSend,
    color: 'brand',
    title: 'Single and bulk SMS',
    text: 'Message one customer or thousands at once. See the exact cost before you press Send.',
  },
  {
    icon: IconBrandViber,
    color: 'violet',
    title: 'Viber with SMS fallback',
    text: 'Reach people on Viber first; anyone not on Viber automatically gets an SMS instead.',
  },
  {
    icon: IconCalendarTime,
    color: 'orange',
    title: 'Scheduled sending',
    text: 'Plan reminders and campaigns ahead. Cancel any time before they go out.',
  },
  {
    icon: IconAddressBook,
    color: 'teal',
    title: 'Phonebooks and import',
    text: 'Keep contacts in phonebooks, import lists in seconds and send to a whole group.',
  },
  {
    icon: IconChartBar,
    color: 'pink',
    title: 'Tracking and analytics',
    text: 'Follow every message from queued to delivered, with delivery rates and monthly trends.',
  },
  {
    icon: IconCode,
    color: 'cyan',
    title: 'Developer API',
    text: 'Send from your own systems through a simple REST API with per-key access.',
  },
];

export function FeaturesSection() {
  return (
    <section className={`${classes.section} ${classes.sectionAlt}`} id="features" aria-labelledby="features-title">
      <Container size="lg">
        <SectionHeading id="features-title" eyebrow="Features" title="Everything you need to reach your customers">
          From a one-off reminder to a nationwide campaign, Kurir handles delivery, tracking and billing for you.
        </SectionHeading>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
          {features.map(({ icon: Icon, color, title, text }) => (
            <Card key={title} padding="xl" className={classes.featureCard}>
              <ThemeIcon size={48} radius="md" variant="light" color={color} mb="md" aria-hidden>
                <Icon size={26} stroke={1.6} />
              </ThemeIcon>
              <Title order={3} fz="lg" mb={6}>
                {title}
              </Title>
              <Text c="dimmed" fz="sm" lh={1.6}>
                {text}
              </Text>
            </Card>
          ))}
        </SimpleGrid>
      </Container>
    </section>
  );
}
