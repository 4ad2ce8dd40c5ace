import { describe, expect, it, vi } from 'vitest';
import { isUuid, timeOrderedUuid } from './ids';

describe('timeOrderedUuid', () => {
  it('makes version 7 UUIDs with the RFC variant', () => {
    for (let i = 0; i < 100; i++) {
      const id = timeOrderedUuid();
      expect(isUuid(id)).toBe(true);
      expect(id[14]).toBe('7');
      expect('89ab').toContain(id[19]);
    }
  });

  it('carries the time in its first 48 bits', () => {
    const before = Date.now();
    const id = timeOrderedUuid();
    const ms = parseInt(id.slice(0, 8) + id.slice(9, 13), 16);
    expect(ms).toBeGreaterThanOrEqual(before);
    expect(ms).toBeLessThanOrEqual(Date.now() + 1);
  });

  it('sorts in the order it was made, many in one millisecond and when the clock steps back', () => {
    const ids = Array.from({ length: 10_000 }, () => timeOrderedUuid());
    const now = vi.spyOn(Date, 'now').mockReturnValue(Date.now() - 60_000);
    try {
      for (let i = 0; i < 5_000; i++) ids.push(timeOrderedUuid());
    } finally {
      now.mockRestore();
    }
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
