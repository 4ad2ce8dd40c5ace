// /dashboard: the customer's home (spec §2): statistics, balance with recent transactions and
// top-up, services, and the way to Send Messages.
import { Button, SimpleGrid, Stack } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useSignedInUser } from '../auth/signed-in-user';
import { BalanceCard } from '../billing/balance-card';
import { ServicesCard } from '../products/services-card';
import { ProfileIncompleteBanner } from '../profile/profile-incomplete-banner';
import { StatsSection } from './stats-section';
import { PageHeader } from '../../components/page-header';

function greeting(firstName: string | null): string {
  const name = firstName?.trim();
  return name ? `Welcome back, ${name}` : 'Welcome to Kurir';
}

export function DashboardPage() {
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
      <ProfileIncompleteBanner user={user} />
      <StatsSection />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <BalanceCard credit={user.credit} />
        <ServicesCard />
      </SimpleGrid>
    </Stack>
  );
}
