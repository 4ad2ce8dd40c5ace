// Step 3 of a top-up: what was added and the balance now. With Stripe the balance moves when the
// webhook arrives; if it had not arrived in time we say so instead of showing an old number.
import { Button, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck, IconClockHour4 } from '@tabler/icons-react';
import { formatEuros } from '../../lib/format';

export function TopUpSuccess({ amount, newCredit, onDone }: { amount: number; newCredit: number | null; onDone: () => void }) {
  return (
    <Stack align="center" gap="sm" ta="center" py="sm">
      <ThemeIcon size={56} radius="xl" color={newCredit === null ? 'yellow' : 'teal'} variant="light" aria-hidden>
        {newCredit === null ? <IconClockHour4 size={30} /> : <IconCheck size={30} />}
      </ThemeIcon>
      <Title order={3} fz="xl">
        {newCredit === null ? 'Payment received' : 'Top-up Successful'}
      </Title>
      {newCredit === null ? (
        <Text c="dimmed" fz="sm">
          Your card payment of {formatEuros(amount)} went through, but your balance has not been updated yet. It will
          appear within a few minutes; there is no need to pay again.
        </Text>
      ) : (
        <>
          <Text c="dimmed" fz="sm">
            {formatEuros(amount)} has been added to your balance.
          </Text>
          <Text fz="lg">
            New balance: <b>{formatEuros(newCredit)}</b>
          </Text>
        </>
      )}
      <Button mt="sm" fullWidth onClick={onDone}>
        Done
      </Button>
    </Stack>
  );
}
