// Step 2 of a top-up: the card form of the configured provider (the built-in test form, or Stripe's).
import { Alert, Anchor, Center, Group, Loader, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconArrowLeft } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import type { User } from '@kurir/core/schemas/auth';
import { formatEuros } from '../../lib/format';
import { getPaymentsConfigQuery } from './api/get-payments-config';
import { TestCardForm } from './test-card-form';

// Imported only when needed: the module pulls in Stripe.js, which loads from the internet.
const StripeCardForm = lazy(() => import('./stripe-card-form'));

type Props = {
  clientSecret: string;
  amount: number;
  onPaid: (paid: { user: User | null; newCredit: number | null }) => void;
  onBack: () => void;
};

function Waiting() {
  return (
    <Center py="xl">
      <Loader size="sm" />
    </Center>
  );
}

export function TopUpCardStep({ clientSecret, amount, onPaid, onBack }: Props) {
  const config = useQuery(getPaymentsConfigQuery());

  let form: React.ReactNode;
  if (config.isPending) form = <Waiting />;
  else if (config.isError || (config.data.provider === 'stripe' && !config.data.publishableKey)) {
    form = (
      <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
        Card payments are not available right now. Please try again later.
      </Alert>
    );
  } else if (config.data.provider === 'stripe') {
    form = (
      <Suspense fallback={<Waiting />}>
        <StripeCardForm
          publishableKey={config.data.publishableKey!}
          clientSecret={clientSecret}
          amount={amount}
          onPaid={(user) => onPaid({ user, newCredit: user?.credit ?? null })}
        />
      </Suspense>
    );
  } else {
    form = <TestCardForm clientSecret={clientSecret} amount={amount} onPaid={(newCredit) => onPaid({ user: null, newCredit })} />;
  }

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Anchor component="button" type="button" fz="sm" onClick={onBack}>
          <Group gap={4}>
            <IconArrowLeft size={14} aria-hidden />
            Change amount
          </Group>
        </Anchor>
        <Text fz="sm">
          Amount: <b>{formatEuros(amount)}</b>
        </Text>
      </Group>
      {form}
    </Stack>
  );
}
