// /admin/transactions (admin spec §2 "Transactions page", §7, §8): every user's ledger entries,
// the four summaries, a search in the browser, a filter by user id, and the ledger test.
import { Alert, Box, Button, Card, Center, Group, Loader, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconShieldCheck } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { TRANSACTION_MESSAGES } from '@kurir/core';
import { PageIntro } from '../../../components/page-intro';
import { SearchInput } from '../../../components/search-input';
import { errorDetail } from '../../../lib/api';
import { getAdminTransactionsQuery } from './api/get-transactions';
import { useTestTransactions } from './api/test-transactions';
import { SummaryCards } from './summary-cards';
import { TestResult, type TestOutcome } from './test-result';
import { isUserId, matchesTransactionSearch } from './transaction-format';
import { TransactionCards } from './transaction-cards';
import { TransactionsTable } from './transactions-table';

function EmptyTransactions({ searching }: { searching: boolean }) {
  return (
    <Stack align="center" gap={4} py="xl">
      <Text c="dimmed">{searching ? TRANSACTION_MESSAGES.noMatch : TRANSACTION_MESSAGES.none}</Text>
      {!searching && (
        <Text fz="sm" c="dimmed">
          {TRANSACTION_MESSAGES.noneHint}
        </Text>
      )}
    </Stack>
  );
}

export function AdminTransactionsPage() {
  const [search, setSearch] = useState('');
  const [userIdInput, setUserIdInput] = useState('');
  const userId = isUserId(userIdInput) ? userIdInput.trim() : null;
  const transactions = useQuery(getAdminTransactionsQuery(userId));
  const test = useTestTransactions();
  const [outcome, setOutcome] = useState<TestOutcome | null>(null);
  const rows = (transactions.data?.transactions ?? []).filter((tx) => matchesTransactionSearch(tx, search));
  const userIdError = userIdInput.trim() && !userId ? TRANSACTION_MESSAGES.userIdInvalid : null;

  function runTest() {
    setOutcome(null);
    test.mutate(undefined, {
      onSuccess: (reply) => setOutcome({ reply }),
      onError: (error) => setOutcome({ exception: errorDetail(error) }),
    });
  }

  return (
    <Stack gap="lg" maw={1400}>
      <PageIntro description="Monitor all financial activities"
        actions={
          <Button variant="light" leftSection={<IconShieldCheck size={16} aria-hidden />} onClick={runTest} disabled={test.isPending}>
            {test.isPending ? 'Testing...' : 'Test System'}
          </Button>
        }
      />
      {outcome && <TestResult outcome={outcome} onClose={() => setOutcome(null)} />}
      <Group gap="sm" align="flex-start">
        <SearchInput aria-label="Search transactions" placeholder="Search phone, name, description or type" value={search} onChange={setSearch} style={{ flex: '1 1 280px' }} />
        <TextInput
          aria-label="Filter by User ID"
          placeholder="Filter by User ID"
          value={userIdInput}
          onChange={(e) => setUserIdInput(e.currentTarget.value)}
          error={userIdError}
          style={{ flex: '1 1 280px' }}
        />
      </Group>
      {transactions.data && <SummaryCards summary={transactions.data.summary} />}
      <Card padding="md">
        <Group justify="space-between" mb="sm">
          <Title order={2} fz="lg">
            Recent Transactions
          </Title>
          {transactions.data && (
            <Text fz="sm" c="dimmed">
              {search.trim() ? `${rows.length} of ${transactions.data.transactions.length} shown` : `Latest ${transactions.data.transactions.length} of ${transactions.data.total}`}
            </Text>
          )}
        </Group>
        {transactions.isPending ? (
          <Center py="xl">
            <Loader aria-label="Loading transactions" />
          </Center>
        ) : transactions.isError ? (
          <Alert color="red" title={TRANSACTION_MESSAGES.fetchFailed}>
            {errorDetail(transactions.error)}
          </Alert>
        ) : rows.length === 0 ? (
          <EmptyTransactions searching={search.trim() !== '' && transactions.data.transactions.length > 0} />
        ) : (
          <>
            <Box visibleFrom="sm">
              <TransactionsTable transactions={rows} />
            </Box>
            <Box hiddenFrom="sm">
              <TransactionCards transactions={rows} />
            </Box>
          </>
        )}
      </Card>
    </Stack>
  );
}
