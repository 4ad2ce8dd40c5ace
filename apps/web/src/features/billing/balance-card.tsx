// The dashboard's account balance (spec §2): the credit, a Top Up button and the recent
// transactions. The list reloads whenever the credit moves (a send, a refund, a purchase elsewhere),
// since the user — and with it the credit — is refreshed every 15 seconds.
import { Button, Card, Divider, Group, Text, ThemeIcon } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconPlus, IconWallet } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { formatEuros } from '../../lib/format';
import { queryRoots } from '../../lib/query-keys';
import { RecentTransactions } from './recent-transactions';
import { lazyDialog } from '../../components/lazy-dialog';

// The dialog (amount form, card form, zod) loads when Top Up is first pressed, not with the dashboard.
const TopUpDialog = lazyDialog(() => import('./top-up-dialog').then((m) => m.TopUpDialog));

function useReloadTransactionsWhenCreditMoves(credit: number) {
  const queryClient = useQueryClient();
  const seen = useRef(credit);
  useEffect(() => {
    if (seen.current === credit) return;
    seen.current = credit;
    void queryClient.invalidateQueries({ queryKey: queryRoots.ledger });
  }, [credit, queryClient]);
}

export function BalanceCard({ credit }: { credit: number }) {
  const [topUpOpened, topUp] = useDisclosure(false);
  useReloadTransactionsWhenCreditMoves(credit);

  return (
    <Card padding="lg" component="section" aria-labelledby="balance-heading">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <div>
          <Text id="balance-heading" fz="sm" c="dimmed" fw={500}>
            Account Balance
          </Text>
          <Text fz={36} fw={700} lh={1.2} mt={4} style={{ fontVariantNumeric: 'tabular-nums' }} data-testid="balance">
            {formatEuros(credit)}
          </Text>
        </div>
        <ThemeIcon size={48} radius="md" variant="light" color="teal" aria-hidden>
          <IconWallet size={26} />
        </ThemeIcon>
      </Group>
      <Button mt="md" leftSection={<IconPlus size={16} aria-hidden />} onClick={topUp.open} fullWidth>
        Top Up
      </Button>
      <Divider my="md" />
      <Text fz="sm" fw={600} mb={4}>
        Recent transactions
      </Text>
      <RecentTransactions />
      <TopUpDialog opened={topUpOpened} onClose={topUp.close} />
    </Card>
  );
}
