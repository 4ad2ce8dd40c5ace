// The top-up dialog (spec §2, §4): amount → card → success; afterwards the user (balance) and the
// recent transactions are refreshed.
import { Modal } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { PAYMENT_MESSAGES, TOP_UP_DEFAULT_EUROS, topUpAmountSchema, type User } from '@kurir/core';
import { errorDetail } from '../../lib/api';
import { formatEuros } from '../../lib/format';
import { queryRoots } from '../../lib/query-keys';
import { applyNewCredit, setCurrentUser } from '../../lib/session/current-user';
import { toast } from '../../lib/toast';
import { useCreateTopUp } from './api/create-top-up';
import { CUSTOM, TopUpAmountStep } from './top-up-amount-step';
import { TopUpCardStep } from './top-up-card-step';
import { TopUpSuccess } from './top-up-success';

type Step =
  | { name: 'amount' }
  | { name: 'card'; amount: number; clientSecret: string; creditBefore: number }
  | { name: 'success'; amount: number; newCredit: number | null };

const TITLES: Record<Step['name'], string> = { amount: 'Top Up Balance', card: 'Pay by card', success: 'Top Up Balance' };

export function TopUpDialog({ opened, onClose, credit }: { opened: boolean; onClose: () => void; credit: number }) {
  const queryClient = useQueryClient();
  const [step, setStep] = useState<Step>({ name: 'amount' });
  const [choice, setChoice] = useState(String(TOP_UP_DEFAULT_EUROS));
  const [custom, setCustom] = useState<string | number>('');
  const [amountError, setAmountError] = useState<string | null>(null);

  const start = useCreateTopUp();

  function continueToCard() {
    const raw = choice === CUSTOM ? custom : choice;
    const parsed = topUpAmountSchema.safeParse(raw === '' ? Number.NaN : Number(raw));
    if (!parsed.success) {
      setAmountError(parsed.error.issues[0]?.message ?? PAYMENT_MESSAGES.invalidAmount);
      return;
    }
    setAmountError(null);
    start.mutate(
      { amount: parsed.data },
      {
        onSuccess: (reply) => setStep({ name: 'card', amount: reply.amount, clientSecret: reply.clientSecret, creditBefore: credit }),
        onError: (error) => {
          const detail = errorDetail(error);
          // The server words a failed intent as the spec's sentence; a refused amount has its own.
          toast.error(PAYMENT_MESSAGES.createFailed, detail && detail !== PAYMENT_MESSAGES.createFailed ? detail : undefined);
        },
      },
    );
  }

  function paid(amount: number, { user, newCredit }: { user: User | null; newCredit: number | null }) {
    if (user) setCurrentUser(queryClient, user);
    if (newCredit !== null) void applyNewCredit(queryClient, newCredit);
    else void queryClient.invalidateQueries({ queryKey: queryRoots.session });
    void queryClient.invalidateQueries({ queryKey: queryRoots.ledger });
    if (newCredit !== null) toast.success('Top-up Successful', `${formatEuros(amount)} has been added to your balance.`);
    setStep({ name: 'success', amount, newCredit });
  }

  function reset() {
    setStep({ name: 'amount' });
    setChoice(String(TOP_UP_DEFAULT_EUROS));
    setCustom('');
    setAmountError(null);
  }

  return (
    <Modal opened={opened} onClose={onClose} onExitTransitionEnd={reset} title={TITLES[step.name]} centered size="md">
      {step.name === 'amount' && (
        <TopUpAmountStep
          choice={choice}
          onChoice={(value) => {
            setChoice(value);
            setAmountError(null);
          }}
          custom={custom}
          onCustom={(value) => {
            setCustom(value);
            setAmountError(null);
          }}
          error={amountError}
          loading={start.isPending}
          onContinue={continueToCard}
        />
      )}
      {step.name === 'card' && (
        <TopUpCardStep
          clientSecret={step.clientSecret}
          amount={step.amount}
          creditBefore={step.creditBefore}
          onPaid={(result) => paid(step.amount, result)}
          onBack={() => setStep({ name: 'amount' })}
        />
      )}
      {step.name === 'success' && <TopUpSuccess amount={step.amount} newCredit={step.newCredit} onDone={onClose} />}
    </Modal>
  );
}
