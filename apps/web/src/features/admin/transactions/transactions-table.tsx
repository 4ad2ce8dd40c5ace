// 'Recent Transactions' (admin spec §2): date, user, type, signed amount, balance before → after,
// description and status (completed, else a warning colour).
import { Badge, Table, Text } from '@mantine/core';
import type { AdminTransaction } from '@kurir/core';
import { formatAmount, formatSignedAmount, formatTransactionDate } from './transaction-format';

const numeric = { whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' } as const;

function TransactionRow({ tx }: { tx: AdminTransaction }) {
  return (
    <Table.Tr data-testid="admin-transaction-row">
      <Table.Td fz="sm" style={{ whiteSpace: 'nowrap' }}>
        {formatTransactionDate(tx.createdAt)}
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>
        <Text fz="sm" fw={500} truncate maw={200}>
          {tx.userName ?? 'Unknown'}
        </Text>
        <Text fz="xs" c="dimmed">
          {tx.userPhone}
        </Text>
      </Table.Td>
      <Table.Td>
        <Badge miw="fit-content" variant="light" color="gray" tt="none">
          {tx.type}
        </Badge>
      </Table.Td>
      <Table.Td ta="right" fw={600} c={tx.amount < 0 ? 'red.7' : 'teal.7'} style={numeric}>
        {formatSignedAmount(tx.amount)}
      </Table.Td>
      <Table.Td fz="sm" style={numeric}>
        {formatAmount(tx.balanceBefore)} → {formatAmount(tx.balanceAfter)}
      </Table.Td>
      <Table.Td maw={320}>
        <Text fz="sm" lineClamp={2} title={tx.description}>
          {tx.description}
        </Text>
      </Table.Td>
      <Table.Td>
        <Badge miw="fit-content" variant="light" color={tx.status === 'completed' ? 'teal' : 'orange'}>
          {tx.status}
        </Badge>
      </Table.Td>
    </Table.Tr>
  );
}

export function TransactionsTable({ transactions }: { transactions: AdminTransaction[] }) {
  return (
    <Table.ScrollContainer minWidth={980}>
      <Table verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Date</Table.Th>
            <Table.Th>User</Table.Th>
            <Table.Th>Type</Table.Th>
            <Table.Th ta="right">Amount</Table.Th>
            <Table.Th>Balance</Table.Th>
            <Table.Th>Description</Table.Th>
            <Table.Th>Status</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {transactions.map((tx) => (
            <TransactionRow key={tx.id} tx={tx} />
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
