// The user's transactions in the expanded row (admin spec §2, §9): 20 a page with 6-decimal
// amounts, and Export, which fetches every entry and builds the CSV in the browser.
import { Badge, Button, Group, Pagination, Stack, Table, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { TRANSACTION_MESSAGES, type AdminUser, type UserTransaction } from '@kurir/core';
import { errorDetail, serverMessageOr } from '../../../lib/api';
import { formatDateTime, formatEuros } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { exportTransactions } from './api/export-transactions';
import { getUserTransactionsQuery } from './api/get-user-transactions';
import { downloadCsv } from './download-csv';
import { formatMicroEuros } from './transaction-amounts';
import { usePhone } from './use-phone';
import { exportFileName, transactionsCsv } from './transactions-csv';

function useExport(user: AdminUser) {
  const [exporting, setExporting] = useState(false);
  const run = async () => {
    setExporting(true);
    try {
      const reply = await exportTransactions(user.id);
      downloadCsv(exportFileName(user.phone, new Date()), transactionsCsv(reply.transactions));
    } catch (error) {
      toast.error(serverMessageOr(error, TRANSACTION_MESSAGES.exportFailed));
    } finally {
      setExporting(false);
    }
  };
  return { exporting, run };
}

function TransactionRows({ transactions }: { transactions: readonly UserTransaction[] }) {
  return (
    <Table.Tbody style={{ fontVariantNumeric: 'tabular-nums' }}>
      {transactions.map((t) => (
        <Table.Tr key={t.id}>
          <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(t.createdAt)}</Table.Td>
          <Table.Td>
            <Badge variant="light" color={t.amount >= 0 ? 'teal' : 'gray'} tt="none" style={{ minWidth: 'max-content' }}>
              {t.type}
            </Badge>
          </Table.Td>
          <Table.Td ta="right" c={t.amount >= 0 ? 'teal.8' : undefined} style={{ whiteSpace: 'nowrap' }}>
            {formatMicroEuros(t.amount, true)}
          </Table.Td>
          <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
            {formatEuros(t.balanceBefore)} → {formatEuros(t.balanceAfter)}
          </Table.Td>
          <Table.Td>
            <Text fz="sm" lineClamp={2} title={t.description}>
              {t.description}
            </Text>
          </Table.Td>
        </Table.Tr>
      ))}
    </Table.Tbody>
  );
}

/** Phones: one line of facts and one of description per entry, no sideways scrolling. */
function TransactionList({ transactions }: { transactions: readonly UserTransaction[] }) {
  return (
    <Stack gap={0} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Transactions">
      {transactions.map((t) => (
        <li key={t.id} style={{ borderBottom: '1px solid var(--mantine-color-gray-3)', padding: '6px 0' }}>
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <Text fz="xs" c="dimmed">
              {formatDateTime(t.createdAt)} · {t.type}
            </Text>
            <Text fz="sm" fw={600} c={t.amount >= 0 ? 'teal.8' : undefined} style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
              {formatMicroEuros(t.amount, true)}
            </Text>
          </Group>
          <Text fz="sm" lineClamp={2}>
            {t.description}
          </Text>
          <Text fz="xs" c="dimmed" style={{ fontVariantNumeric: 'tabular-nums' }}>
            {formatEuros(t.balanceBefore)} → {formatEuros(t.balanceAfter)}
          </Text>
        </li>
      ))}
    </Stack>
  );
}

export function TransactionsPanel({ user }: { user: AdminUser }) {
  const phone = usePhone();
  const [page, setPage] = useState(1);
  const transactions = useQuery(getUserTransactionsQuery(user.id, page));
  const exporter = useExport(user);
  const pagination = transactions.data?.pagination;
  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Title order={3} fz="md">
          Transactions {pagination ? <Text span c="dimmed" fz="sm">({pagination.total})</Text> : null}
        </Title>
        <Button size="xs" variant="default" leftSection={<IconDownload size={14} aria-hidden />} loading={exporter.exporting} onClick={exporter.run}>
          Export
        </Button>
      </Group>
      {transactions.isPending && <Text c="dimmed">Loading transactions…</Text>}
      {transactions.isError && (
        <Text c="red" role="alert">
          {TRANSACTION_MESSAGES.fetchFailed}: {errorDetail(transactions.error)}
        </Text>
      )}
      {transactions.data && transactions.data.transactions.length === 0 && <Text c="dimmed">{TRANSACTION_MESSAGES.none}</Text>}
      {phone && transactions.data && transactions.data.transactions.length > 0 && <TransactionList transactions={transactions.data.transactions} />}
      {!phone && transactions.data && transactions.data.transactions.length > 0 && (
        <Table.ScrollContainer minWidth={720}>
          <Table fz="sm" striped withTableBorder>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Date</Table.Th>
                <Table.Th>Type</Table.Th>
                <Table.Th ta="right">Amount</Table.Th>
                <Table.Th ta="right">Balance</Table.Th>
                <Table.Th>Description</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <TransactionRows transactions={transactions.data.transactions} />
          </Table>
        </Table.ScrollContainer>
      )}
      {pagination && pagination.totalPages > 1 && (
        <Pagination total={pagination.totalPages} value={page} onChange={setPage} size="sm" aria-label="Transaction pages" />
      )}
    </Stack>
  );
}
