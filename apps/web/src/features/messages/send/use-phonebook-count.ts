// Phonebook mode's recipients, counted by the server (POST /api/messages/quote with the chosen
// phonebooks) the way the send will resolve them. Only the count is read: the price is worked out
// in the browser as the user types, with the same core function the server charges with, so a
// change of text or channel needs no new request.
import { useQuery } from '@tanstack/react-query';
import { recipientsError, SEND_MESSAGES } from '@kurir/core/send-rules';
import { quoteMessageQuery } from '../api/quote-message';

export type PhonebookCount = {
  /** Distinct valid numbers of the chosen phonebooks. */
  count: number;
  /** Numbers in more than one chosen phonebook (or twice in one), each sent once. */
  duplicates: number;
  /** The spec's recipients message, or null. */
  problem: string | null;
  loading: boolean;
  failed: boolean;
};

export function usePhonebookCount(phonebookIds: string[], enabled: boolean): PhonebookCount {
  const active = enabled && phonebookIds.length > 0;
  const quote = useQuery({ ...quoteMessageQuery({ phonebookIds }), enabled: active });
  const reply = active ? quote.data : undefined;
  const count = reply?.recipients ?? 0;
  return {
    count,
    duplicates: reply?.duplicatesRemoved ?? 0,
    // No choice yet is not an error to shout about; the send button stays off until one is made.
    problem: reply ? phonebookCountProblem(count, reply.invalid) : null,
    loading: active && quote.isPending,
    failed: active && quote.isError,
  };
}

/** Core's recipients rule, applied to the server's count instead of a list of numbers. */
export function phonebookCountProblem(count: number, invalid: readonly string[]): string | null {
  if (invalid.length > 0) return recipientsError({ recipients: [], invalid: [...invalid], duplicates: 0 }, Number.MAX_SAFE_INTEGER);
  return count === 0 ? SEND_MESSAGES.recipientRequired : null;
}
