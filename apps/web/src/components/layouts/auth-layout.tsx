// The shared card of the sign-in pages (spec §2): logo, title and subtitle above the form.
import { Card, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Logo } from '../logo';
import classes from './auth-layout.module.css';

type AuthLayoutProps = {
  title: string;
  subtitle: ReactNode;
  children: ReactNode;
};

export function AuthLayout({ title, subtitle, children }: AuthLayoutProps) {
  return (
    <main className={classes.page}>
      <Link to="/" className={classes.logoLink} aria-label="Kurir home">
        <Logo size={36} />
      </Link>
      <Card className={classes.card} padding="xl">
        <Stack gap={4} mb="lg" ta="center">
          <Title order={1} fz={24}>
            {title}
          </Title>
          <Text c="dimmed" fz="sm">
            {subtitle}
          </Text>
        </Stack>
        {children}
      </Card>
    </main>
  );
}
