// The last ledger entries under the balance: type, description, signed amount, date.
import { Alert, Anchor, Group, Skeleton, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { formatDateTime } from '../../lib/format';
import { getRecentTransactionsQuery } from './api/get-recent-transactions';
import { formatSignedEuros, transactionTypeLabel } from './transaction-format';
import classes from './recent-transactions.module.css';

export function RecentTransactions() {
  const query = useQuery(getRecentTransactionsQuery());

  if (query.isPending) {
    return (
      <Stack gap="xs" aria-busy="true">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} h={40} />
        ))}
      </Stack>
    );
  }
  if (query.isError) {
    return (
      <Alert color="red" variant="light">
        Recent transactions could not be loaded.{' '}
        <Anchor component="button" type="button" fz="sm" onClick={() => void query.refetch()}>
          Try again
        </Anchor>
      </Alert>
    );
  }
  const { transactions } = query.data;
  if (transactions.length === 0) {
    return (
      <Text fz="sm" c="dimmed">
        No transactions yet.
      </Text>
    );
  }
  return (
    <ul className={classes.list} aria-label="Recent transactions">
      {transactions.map((t) => (
        <li key={t.id} className={classes.item}>
          <div className={classes.text}>
            <Group gap={6} wrap="nowrap">
              <Text fz="xs" fw={600} c="dimmed" tt="uppercase" className={classes.type}>
                {transactionTypeLabel(t.type)}
              </Text>
              <Text fz="xs" c="dimmed">
                {formatDateTime(t.created_at)}
              </Text>
            </Group>
            <Text fz="sm" truncate title={t.description}>
              {t.description}
            </Text>
          </div>
          <Text fz="sm" fw={600} c={t.amount > 0 ? 'teal.9' : t.amount < 0 ? 'red.9' : undefined} className={classes.amount}>
            {formatSignedEuros(t.amount)}
          </Text>
        </li>
      ))}
    </ul>
  );
}
