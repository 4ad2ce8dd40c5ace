// The four summary cards (admin spec §2): the summed amount and the count of each type, over the
// whole ledger or the filtered user.
import { Card, SimpleGrid, Text } from '@mantine/core';
import { ADMIN_TRANSACTION_SUMMARY_TYPES, type AdminTransactionsResponse } from '@kurir/core';
import { SUMMARY_TITLES, formatAmount } from './transaction-format';

const COLORS = { credit_addition: 'teal', sms_cost: 'red', purchase: 'orange', top_up: 'blue' } as const;

export function SummaryCards({ summary }: { summary: AdminTransactionsResponse['summary'] }) {
  return (
    <SimpleGrid cols={{ base: 2, md: 4 }} spacing="md">
      {ADMIN_TRANSACTION_SUMMARY_TYPES.map((type) => (
        <Card key={type} padding="md" data-testid={`summary-${type}`} style={{ borderTop: `3px solid var(--mantine-color-${COLORS[type]}-6)` }}>
          <Text fz="xs" c="dimmed" tt="uppercase" fw={600}>
            {SUMMARY_TITLES[type]}
          </Text>
          <Text fz="xl" fw={700} mt={4} style={{ fontVariantNumeric: 'tabular-nums' }}>
            {formatAmount(summary[type].total)}
          </Text>
          <Text fz="xs" c="dimmed">
            {summary[type].count} {summary[type].count === 1 ? 'transaction' : 'transactions'} · {type}
          </Text>
        </Card>
      ))}
    </SimpleGrid>
  );
}
