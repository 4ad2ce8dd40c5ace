// Phones: each transaction as a card, the amount beside the type where the eye lands first.
import { Badge, Card, Group, Stack, Text } from '@mantine/core';
import type { AdminTransaction } from '@kurir/core';
import { formatAmount, formatSignedAmount, formatTransactionDate } from './transaction-format';

export function TransactionCards({ transactions }: { transactions: AdminTransaction[] }) {
  return (
    <Stack gap="sm">
      {transactions.map((tx) => (
        <Card key={tx.id} padding="sm" withBorder data-testid="admin-transaction-card">
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <Badge miw="fit-content" variant="light" color="gray" tt="none">
              {tx.type}
            </Badge>
            <Text fw={700} c={tx.amount < 0 ? 'red.7' : 'teal.7'} style={{ fontVariantNumeric: 'tabular-nums' }}>
              {formatSignedAmount(tx.amount)}
            </Text>
          </Group>
          <Text fz="sm" mt={6} lineClamp={2}>
            {tx.description}
          </Text>
          <Text fz="xs" c="dimmed" mt={4}>
            {tx.userName ?? 'Unknown'} · {tx.userPhone}
          </Text>
          <Group justify="space-between" mt={6} gap="xs">
            <Text fz="xs" c="dimmed">
              {formatTransactionDate(tx.createdAt)} · {formatAmount(tx.balanceBefore)} → {formatAmount(tx.balanceAfter)}
            </Text>
            <Badge miw="fit-content" size="sm" variant="light" color={tx.status === 'completed' ? 'teal' : 'orange'}>
              {tx.status}
            </Badge>
          </Group>
        </Card>
      ))}
    </Stack>
  );
}
