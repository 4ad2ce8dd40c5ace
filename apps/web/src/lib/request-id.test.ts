import { afterEach, describe, expect, it, vi } from 'vitest';
import { newRequestId } from './request-id';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('newRequestId', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('makes a v4 UUID without randomUUID (plain http origins)', () => {
    const real = globalThis.crypto;
    vi.stubGlobal('crypto', { getRandomValues: (a: Uint8Array) => real.getRandomValues(a) });
    const id = newRequestId();
    expect(id).toMatch(UUID_V4);
    expect(newRequestId()).not.toBe(id);
  });
});
