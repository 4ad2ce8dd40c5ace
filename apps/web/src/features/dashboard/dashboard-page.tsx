// /dashboard: the customer's home (spec §2): statistics, balance with recent transactions and
// top-up, services, and the way to Send Messages. The cards owned by other features (balance,
// services, the profile banner) are passed in by the app (app/routes/dashboard-route.tsx), so
// features stay side by side.
import { Button, SimpleGrid, Stack } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { useSignedInUser } from '../../lib/session/signed-in-user';
import { StatsSection } from './stats-section';

function greeting(firstName: string | null): string {
  const name = firstName?.trim();
  return name ? `Welcome back, ${name}` : 'Welcome to Kurir';
}

type Props = { banner: ReactNode; balance: ReactNode; services: ReactNode };

export function DashboardPage({ banner, balance, services }: Props) {
  const user = useSignedInUser();
  return (
    <Stack gap="lg" maw={1100}>
      <PageHeader
        title={greeting(user.first_name)}
        description="Here is an overview of your account."
        actions={
          <Button component={Link} to="/dashboard/send-sms" size="md" leftSection={<IconSend size={18} aria-hidden />}>
            Send Messages
          </Button>
        }
      />
      {banner}
      <StatsSection />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        {balance}
        {services}
      </SimpleGrid>
    </Stack>
  );
}
