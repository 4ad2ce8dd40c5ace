// Stripe's card form, loaded only when the server says Stripe is the provider: this module (and
// with it Stripe.js, fetched from js.stripe.com) is imported lazily, so the embedded default never
// reaches the internet. Stripe confirms the card here; the balance is credited by Stripe's webhook
// on the server, so after a success we wait for the credit to move.
import { Alert, Box, Button, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import type { Stripe } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { useEffect, useState, type FormEvent } from 'react';
import type { User } from '@kurir/core/schemas/auth';
import { formatEuros } from '../../lib/format';
import { getCurrentUser } from '../../lib/session/current-user';
import { toast } from '../../lib/toast';
import { getPaymentStatus } from './api/get-payment-status';
import { waitForPaymentCredit } from './wait-for-credit';

const stripes = new Map<string, Promise<Stripe | null>>();

/**
 * One Stripe.js instance per key for the life of the page, as Stripe asks. A failed load (offline,
 * blocked) resolves to null and is forgotten, so opening the dialog again tries again.
 */
function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let stripe = stripes.get(publishableKey);
  if (!stripe) {
    stripe = loadStripe(publishableKey).catch(() => null);
    stripes.set(publishableKey, stripe);
    void stripe.then((loaded) => {
      if (!loaded) stripes.delete(publishableKey);
    });
  }
  return stripe;
}

export type StripeCardFormProps = {
  publishableKey: string;
  clientSecret: string;
  amount: number;
  /** The user with the new balance, or null when the webhook had not credited it in time. */
  onPaid: (user: User | null) => void;
};

export default function StripeCardForm(props: StripeCardFormProps) {
  const [stripe] = useState(() => stripeFor(props.publishableKey));
  const [unavailable, setUnavailable] = useState(false);
  useEffect(() => {
    let current = true;
    void stripe.then((loaded) => current && setUnavailable(loaded === null));
    return () => {
      current = false;
    };
  }, [stripe]);

  if (unavailable) {
    return (
      <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
        The card form could not be loaded. Check your internet connection and try again.
      </Alert>
    );
  }
  return (
    <Elements stripe={stripe}>
      <CardForm {...props} />
    </Elements>
  );
}

function CardForm({ clientSecret, amount, onPaid }: StripeCardFormProps) {
  const stripe = useStripe();
  const elements = useElements();
  const [phase, setPhase] = useState<'idle' | 'paying' | 'crediting'>('idle');
  const [failure, setFailure] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const card = elements?.getElement(CardElement);
    if (!stripe || !card) return;
    setFailure(null);
    setPhase('paying');
    const { error, paymentIntent } = await stripe.confirmCardPayment(clientSecret, { payment_method: { card } });
    if (error || paymentIntent?.status !== 'succeeded') {
      const detail = error?.message ?? 'Your payment could not be completed.';
      setFailure(detail);
      setPhase('idle');
      toast.error('Payment Failed', detail);
      return;
    }
    setPhase('crediting');
    const result = await waitForPaymentCredit({ fetchStatus: () => getPaymentStatus(paymentIntent.id), fetchUser: getCurrentUser });
    onPaid(result.credited ? result.user : null);
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <div>
          <Text fz="sm" fw={500} mb={6}>
            Card details
          </Text>
          <Box p="sm" style={{ border: '1px solid var(--mantine-color-gray-4)', borderRadius: 'var(--mantine-radius-md)' }}>
            <CardElement options={{ hidePostalCode: true, style: { base: { fontSize: '16px' } } }} />
          </Box>
        </div>
        {failure && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
            {failure}
          </Alert>
        )}
        <Button type="submit" fullWidth size="md" loading={phase !== 'idle'} disabled={!stripe}>
          Pay {formatEuros(amount)}
        </Button>
        {phase === 'crediting' && (
          <Text fz="sm" c="dimmed" ta="center">
            Payment accepted. Adding it to your balance…
          </Text>
        )}
      </Stack>
    </form>
  );
}
