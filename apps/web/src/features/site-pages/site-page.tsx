// The frame of the public text pages (Help, Privacy, Terms): a readable column with a heading.
import { Container, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useDocumentTitle } from '../../lib/document-title';
import classes from './site-page.module.css';

export function SitePage({ title, intro, children }: { title: string; intro: ReactNode; children: ReactNode }) {
  useDocumentTitle(title);
  return (
    <Container size="sm" py={48}>
      <Stack gap="xs" mb="xl">
        <Title order={1}>{title}</Title>
        <Text c="dimmed" fz="lg">
          {intro}
        </Text>
      </Stack>
      <div className={classes.prose}>{children}</div>
    </Container>
  );
}
