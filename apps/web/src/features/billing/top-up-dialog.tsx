// The top-up dialog (spec §2, §4): amount → card → success; afterwards the user (balance) and the
// recent transactions are refreshed.
import { Modal } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { PAYMENT_MESSAGES, topUpBodySchema, type TopUpBody } from '@kurir/core/schemas/payments';
import { TOP_UP_DEFAULT_EUROS } from '@kurir/core/constants';
import { type User } from '@kurir/core/schemas/auth';
import { useActionKeys } from '../../lib/action-key';
import { errorDetail, hasErrorCode } from '../../lib/api';
import { formatEuros } from '../../lib/format';
import { schemaForm } from '../../lib/form';
import { queryRoots } from '../../lib/query-keys';
import { applyNewCredit, setCurrentUser } from '../../lib/session/current-user';
import { useSingleSubmit } from '../../lib/single-submit';
import { toast } from '../../lib/toast';
import { useCreateTopUp } from './api/create-top-up';
import { amountBody, TopUpAmountStep, type AmountFields } from './top-up-amount-step';
import { TopUpCardStep } from './top-up-card-step';
import { TopUpSuccess } from './top-up-success';

type Step =
  | { name: 'amount' }
  | { name: 'card'; amount: number; clientSecret: string }
  | { name: 'success'; amount: number; newCredit: number | null };

const TITLES: Record<Step['name'], string> = { amount: 'Top Up Balance', card: 'Pay by card', success: 'Top Up Balance' };

export function TopUpDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [step, setStep] = useState<Step>({ name: 'amount' });
  // Kept here, not in the step, so Back from the card step finds the amount as it was chosen.
  const form = useForm<AmountFields, TopUpBody>({
    initialValues: { choice: String(TOP_UP_DEFAULT_EUROS), custom: '' },
    ...schemaForm(topUpBodySchema, amountBody),
  });
  const start = useCreateTopUp();
  const startOnce = useSingleSubmit(start);
  // One Idempotency-Key per top-up started, the same again when it is retried after a network error.
  const keys = useActionKeys();

  function continueToCard(body: TopUpBody) {
    startOnce(
      { body, idempotencyKey: keys.keyFor(body) },
      {
        onSuccess: (reply) => setStep({ name: 'card', amount: reply.amount, clientSecret: reply.clientSecret }),
        onError: (error) => {
          // A failed intent is the title itself (spec §8); a refused amount says why underneath.
          const detail = hasErrorCode(error, 'payment_provider_error') ? '' : errorDetail(error);
          toast.error(PAYMENT_MESSAGES.createFailed, detail && detail !== PAYMENT_MESSAGES.createFailed ? detail : undefined);
        },
        onSettled: (_reply, error) => keys.settled(error),
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
    form.reset();
  }

  return (
    <Modal opened={opened} onClose={onClose} onExitTransitionEnd={reset} title={TITLES[step.name]} centered size="md">
      {step.name === 'amount' && (
        <TopUpAmountStep form={form} loading={start.isPending} onContinue={continueToCard} />
      )}
      {step.name === 'card' && (
        <TopUpCardStep
          clientSecret={step.clientSecret}
          amount={step.amount}
          onPaid={(result) => paid(step.amount, result)}
          onBack={() => setStep({ name: 'amount' })}
        />
      )}
      {step.name === 'success' && <TopUpSuccess amount={step.amount} newCredit={step.newCredit} onDone={onClose} />}
    </Modal>
  );
}
