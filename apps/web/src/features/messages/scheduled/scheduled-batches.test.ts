import { describe, expect, it } from 'vitest';
import type { ScheduledMessage } from '@kurir/core/schemas/messages';
import { groupIntoBatches } from './scheduled-batches';

function message(id: string, batch_id: string): ScheduledMessage {
  return {
    id,
    batch_id,
    recipient: `+3864011122${id}`,
    message: 'Hello',
    channel: 'sms',
    scheduled_for: '2026-12-01T10:00:00.000Z',
    sender_name: 'Kurir',
    created_at: '2026-11-24T10:00:00.000Z',
    status: 'scheduled',
  };
}

describe('groupIntoBatches', () => {
  it('makes one batch of each run of a send, keeping the order', () => {
    const batches = groupIntoBatches([message('1', 'a'), message('2', 'b'), message('3', 'b'), message('4', 'c')]);
    expect(batches.map((b) => [b.batchId, b.messages.map((m) => m.id)])).toEqual([
      ['a', ['1']],
      ['b', ['2', '3']],
      ['c', ['4']],
    ]);
  });

  it('has no batches for no messages', () => {
    expect(groupIntoBatches([])).toEqual([]);
  });
});
