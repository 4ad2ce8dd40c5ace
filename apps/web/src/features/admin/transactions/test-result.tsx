// What Test System found (admin spec §8 alert texts): success with what was checked, or the
// failure and exactly which users and entries disagree.
import { Alert, List, Text } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import type { TestTransactionsReply } from './api/test-transactions';
import { testResultText } from './transaction-format';

const KIND_LABELS = {
  balance_mismatch: 'Balance differs from its ledger',
  broken_chain: 'Broken balance chain',
  bad_entry: 'Inconsistent entry',
  negative_balance: 'Negative balance',
} as const;

export type TestOutcome = { reply: TestTransactionsReply } | { exception: string };

export function TestResult({ outcome, onClose }: { outcome: TestOutcome; onClose: () => void }) {
  const failed = 'exception' in outcome || !outcome.reply.success;
  const text = testResultText('exception' in outcome ? outcome : outcome.reply);
  const reply = 'reply' in outcome ? outcome.reply : null;
  return (
    <Alert
      role="alert"
      data-testid="test-result"
      color={failed ? 'red' : 'teal'}
      icon={failed ? <IconAlertTriangle size={20} /> : <IconCircleCheck size={20} />}
      title={text}
      withCloseButton
      closeButtonLabel="Dismiss test result"
      onClose={onClose}
    >
      {reply && (
        <Text fz="sm">
          Checked {reply.usersChecked} users and {reply.entriesChecked} ledger entries.
        </Text>
      )}
      {reply && reply.problems.length > 0 && (
        <List size="sm" mt="xs" spacing={4} data-testid="test-problems">
          {reply.problems.map((p, i) => (
            <List.Item key={`${p.userId}-${p.transactionId ?? ''}-${i}`}>
              <Text span fw={600} fz="sm">
                {p.userPhone ?? p.userId}
              </Text>{' '}
              — {KIND_LABELS[p.kind]}
              {p.transactionId ? ` (entry ${p.transactionId})` : ''}: {p.message}
            </List.Item>
          ))}
        </List>
      )}
    </Alert>
  );
}
