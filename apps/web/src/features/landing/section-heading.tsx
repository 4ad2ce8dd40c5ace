import { Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './landing.module.css';

/** The eyebrow, title and lead paragraph that open each landing section. */
export function SectionHeading({ id, eyebrow, title, children }: { id: string; eyebrow: string; title: string; children?: ReactNode }) {
  return (
    <Stack gap="xs" align="center" ta="center" maw={680} mx="auto" mb={48}>
      <Text className={classes.eyebrow}>{eyebrow}</Text>
      <Title order={2} id={id} className={classes.sectionTitle}>
        {title}
      </Title>
      {children && (
        <Text c="dimmed" fz="lg">
          {children}
        </Text>
      )}
    </Stack>
  );
}
