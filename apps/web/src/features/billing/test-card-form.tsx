// The built-in test card form (embedded default): the same path as Stripe on the server, no real
// money. Field checks are the server's; the form only helps with typing.
import { Alert, Button, Group, List, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertCircle, IconCreditCard, IconInfoCircle } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { errorDetail } from '../../lib/api';
import { formatEuros } from '../../lib/format';
import { useSingleSubmit } from '../../lib/single-submit';
import { toast } from '../../lib/toast';
import { useConfirmTestPayment } from './api/confirm-test-payment';
import { formatCardNumber, formatCvc, formatExpiry } from './card-format';

type Props = { clientSecret: string; amount: number; onPaid: (newCredit: number) => void };

export function TestCardForm({ clientSecret, amount, onPaid }: Props) {
  const [cardNumber, setCardNumber] = useState('');
  const [expiry, setExpiry] = useState('');
  const [cvc, setCvc] = useState('');
  const [failure, setFailure] = useState<string | null>(null);

  const payment = useConfirmTestPayment();
  const payOnce = useSingleSubmit(payment);

  function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    payOnce(
      { clientSecret, cardNumber, expiry, cvc },
      {
        onSuccess: (reply) => onPaid(reply.newCredit),
        onError: (error) => {
          const detail = errorDetail(error) || 'Your payment could not be completed.';
          setFailure(detail);
          toast.error('Payment Failed', detail);
        },
      },
    );
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TestCardsNote />
        <TextInput
          label="Card number"
          placeholder="1234 1234 1234 1234"
          inputMode="numeric"
          autoComplete="cc-number"
          leftSection={<IconCreditCard size={18} aria-hidden />}
          value={cardNumber}
          onChange={(event) => setCardNumber(formatCardNumber(event.currentTarget.value))}
          autoFocus
        />
        <Group grow align="flex-start">
          <TextInput
            label="Expiry"
            placeholder="MM/YY"
            inputMode="numeric"
            autoComplete="cc-exp"
            value={expiry}
            onChange={(event) => setExpiry(formatExpiry(event.currentTarget.value))}
          />
          <TextInput
            label="CVC"
            placeholder="123"
            inputMode="numeric"
            autoComplete="cc-csc"
            value={cvc}
            onChange={(event) => setCvc(formatCvc(event.currentTarget.value))}
          />
        </Group>
        {failure && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
            {failure}
          </Alert>
        )}
        <Button type="submit" fullWidth size="md" loading={payment.isPending} disabled={!cardNumber || !expiry || !cvc}>
          Pay {formatEuros(amount)}
        </Button>
      </Stack>
    </form>
  );
}

/** Which numbers do what: the built-in form follows Stripe's test cards. */
function TestCardsNote() {
  return (
    <Alert variant="light" color="blue" role="note" icon={<IconInfoCircle size={18} />} title="Test payment: no real money is charged">
      <List size="sm" spacing={2}>
        <List.Item>
          <Text span ff="monospace" fz="sm">
            4242 4242 4242 4242
          </Text>{' '}
          succeeds
        </List.Item>
        <List.Item>
          <Text span ff="monospace" fz="sm">
            4000 0000 0000 0002
          </Text>{' '}
          is declined
        </List.Item>
        <List.Item>any future expiry date and any 3-digit CVC</List.Item>
      </List>
    </Alert>
  );
}
