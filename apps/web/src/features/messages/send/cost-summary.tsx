// What the send costs before it is sent (spec §9): cost with 6 decimals, the balance after it
// with 2, red when the credit does not cover it. For Viber, the SMS fallback is explained: the
// server holds its price until Viber confirms delivery and refunds the difference.
import { Anchor, Card, Divider, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { formatEuros as formatMicros } from '@kurir/core/money';
import { type Channel } from '@kurir/core/constants';
import { viberCostLines, type Quote } from './send-form';

type Props = { channel: Channel; recipients: number; parts: number; quote: Quote; pricesLoaded: boolean };

function Line({ label, value, color, strong }: { label: string; value: string; color?: string; strong?: boolean }) {
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap">
      <Text fz="sm" c="dimmed">
        {label}
      </Text>
      <Text fz="sm" fw={strong ? 700 : 500} c={color} style={{ fontVariantNumeric: 'tabular-nums' }}>
        {value}
      </Text>
    </Group>
  );
}

export function CostSummary({ channel, recipients, parts, quote, pricesLoaded }: Props) {
  const negative = quote.remaining < 0;
  const viber = channel === 'viber';
  return (
    <Card padding="md" bg="gray.0" component="section" aria-label="Cost summary">
      <Stack gap={6}>
        <Line label="Recipients" value={String(recipients)} />
        {!viber && <Line label="Parts per message" value={String(parts)} />}
        {viber ? (
          viberCostLines(quote).map((line, i) => (
            <Line key={line.label} label={line.label} value={formatMicros(line.micros, 6)} strong={i === 0} />
          ))
        ) : (
          <Line label="Cost" value={formatMicros(quote.cost, 6)} strong />
        )}
        <Divider my={4} />
        <Line
          label="Remaining balance"
          value={formatMicros(quote.remaining, 2)}
          color={negative ? 'red.9' : undefined}
          strong
        />
        {viber && recipients > 0 && parts > 0 && (
          <Text fz="xs" c="dimmed">
            Messages Viber cannot deliver go out as SMS at the SMS price, so that price is held when you send. Each message
            delivered on Viber costs the Viber price and the difference comes back to your balance.
          </Text>
        )}
        {negative && (
          <Text fz="xs" c="red.9" role="alert">
            Your balance does not cover this send.{' '}
            <Anchor component={Link} to="/dashboard" fz="xs">
              Top up your balance
            </Anchor>
          </Text>
        )}
        {!pricesLoaded && (
          <Text fz="xs" c="dimmed">
            Standard prices shown while the price list loads; you can send once it has loaded.
          </Text>
        )}
      </Stack>
    </Card>
  );
}
