// The last look before money leaves the balance: who it goes to, how many parts, which channel,
// when, and what is debited now. Confirm sends; Back returns to the form with nothing sent.
import { Button, Divider, Group, Modal, Stack, Text } from '@mantine/core';
import { formatEuros as formatMicros } from '@kurir/core/money';
import { formatPhoneForReading } from '@kurir/core/phone-format';
import type { Channel } from '@kurir/core/constants';
import { formatDateTime } from '../../../lib/format';
import { viberCostLines, type Quote } from './send-form';

/** How many of the typed numbers the review names; the rest are counted. */
const NAMED_RECIPIENTS = 3;

export type SendReview = {
  channel: Channel;
  recipients: number;
  /** Typed numbers (empty for a phonebook send, whose numbers the server resolves). */
  typed: string[];
  phonebooks: number;
  parts: number;
  encoding: 'gsm' | 'unicode';
  scheduledFor: Date | null;
  quote: Quote;
};

function Row({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <Group justify="space-between" gap="md" wrap="nowrap" align="flex-start">
      <Text fz="sm" c="dimmed">
        {label}
      </Text>
      <Text fz="sm" fw={strong ? 700 : 500} ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
        {value}
      </Text>
    </Group>
  );
}

function recipientsText(review: SendReview): string {
  if (review.typed.length === 0) return `${review.recipients} from ${review.phonebooks} phonebook${review.phonebooks === 1 ? '' : 's'}`;
  const named = review.typed.slice(0, NAMED_RECIPIENTS).map(formatPhoneForReading).join(', ');
  const more = review.typed.length - NAMED_RECIPIENTS;
  return more > 0 ? `${named} and ${more} more` : named;
}

type Props = { review: SendReview | null; busy: boolean; onConfirm: () => void; onClose: () => void };

export function SendReviewDialog({ review, busy, onConfirm, onClose }: Props) {
  const viber = review?.channel === 'viber';
  const count = review?.recipients ?? 0;
  const action = review?.scheduledFor ? 'Schedule' : 'Send';
  return (
    <Modal opened={review !== null} onClose={onClose} title="Review your message" centered closeButtonProps={{ 'aria-label': 'Close' }}>
      {review && (
        <Stack gap={8} data-testid="send-review">
          <Row label={count === 1 ? 'Recipient' : `Recipients (${count})`} value={recipientsText(review)} />
          <Row label="Channel" value={viber ? 'Viber, with SMS fallback' : 'SMS'} />
          <Row label="Parts per message" value={`${review.parts} (${review.encoding === 'unicode' ? 'Unicode' : 'GSM'})`} />
          <Row label="When" value={review.scheduledFor ? formatDateTime(review.scheduledFor) : 'Now'} />
          <Divider my={4} />
          {viber ? (
            viberCostLines(review.quote).map((line, i) => (
              <Row key={line.label} label={line.label} value={formatMicros(line.micros, 6)} strong={i === 0} />
            ))
          ) : (
            <Row label="Debited from your balance" value={formatMicros(review.quote.cost, 6)} strong />
          )}
          <Row label="Balance after" value={formatMicros(review.quote.remaining, 2)} />
          <Group justify="flex-end" gap="xs" mt="md">
            <Button variant="default" onClick={onClose} disabled={busy}>
              Back
            </Button>
            <Button onClick={onConfirm} loading={busy} data-autofocus>
              {`${action} ${count === 1 ? '1 message' : `${count} messages`}`}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
