import { describe, expect, it } from 'vitest';
import { actionKeys } from './action-key';
import { ApiError } from './api';

const networkError = () => new TypeError('Failed to fetch');
const answered = (status: number, code: string) => new ApiError(status, 'x', { message: 'x', code });

describe('one Idempotency-Key per confirmed action', () => {
  it('sends the same key when the same request is confirmed again after no answer (a network error, a 5xx)', () => {
    const keys = actionKeys();
    const body = { productId: 'p', quantity: 1 };
    const first = keys.keyFor(body);
    keys.settled(networkError());
    expect(keys.keyFor({ productId: 'p', quantity: 1 })).toBe(first);
    keys.settled(answered(503, 'service_unavailable'));
    expect(keys.keyFor(body)).toBe(first);
    keys.settled(answered(409, 'idempotency_key_in_use'));
    expect(keys.keyFor(body)).toBe(first);
  });

  it('makes a new key for the next action: after an answer, or for another request', () => {
    const keys = actionKeys();
    const body = { amount: 20 };
    const first = keys.keyFor(body);
    keys.settled(null);
    const second = keys.keyFor(body);
    expect(second).not.toBe(first);
    // A refusal is an answer too: the same send after a top-up must run, not replay the 402.
    keys.settled(answered(402, 'insufficient_credit'));
    const third = keys.keyFor(body);
    expect(third).not.toBe(second);
    keys.settled(networkError());
    expect(keys.keyFor({ amount: 21 })).not.toBe(third);
    expect(keys.keyFor({ amount: 20 })).not.toBe(third);
  });
});
