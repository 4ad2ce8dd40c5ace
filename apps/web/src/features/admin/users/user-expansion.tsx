// What the View toggle opens under a user (admin spec §2): monthly analytics and transactions.
import { SimpleGrid } from '@mantine/core';
import type { AdminUser } from '@kurir/core';
import { AnalyticsPanel } from './analytics-panel';
import { TransactionsPanel } from './transactions-panel';

export function UserExpansion({ user }: { user: AdminUser }) {
  return (
    <SimpleGrid cols={{ base: 1, xl: 2 }} spacing="lg">
      <AnalyticsPanel userId={user.id} />
      <TransactionsPanel user={user} />
    </SimpleGrid>
  );
}
