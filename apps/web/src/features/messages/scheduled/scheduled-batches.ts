// One send to many recipients is one batch on the Scheduled page: the server lists a batch's
// messages next to each other (soonest first), and the page shows each run as one card with the
// recipients inside it, rather than one unrelated card per recipient.
import type { ScheduledMessage } from '@kurir/core/schemas/messages';

export type ScheduledBatch = {
  batchId: string;
  /** The batch's messages still waiting, in the server's order; they share text, channel and time. */
  messages: ScheduledMessage[];
};

export function groupIntoBatches(messages: readonly ScheduledMessage[]): ScheduledBatch[] {
  const batches: ScheduledBatch[] = [];
  for (const message of messages) {
    const last = batches.at(-1);
    if (last && last.batchId === message.batch_id) last.messages.push(message);
    else batches.push({ batchId: message.batch_id, messages: [message] });
  }
  return batches;
}
