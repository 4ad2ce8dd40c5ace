// Ids in paths are checked before they reach a uuid column, so a malformed id is a 404, not a 500.
import { randomBytes } from 'node:crypto';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: string): boolean {
  return UUID.test(value);
}

// Random bits are drawn a pool at a time, as hex: one call per 1 024 ids instead of one per id.
const RANDOM_POOL_BYTES = 8 * 1024;
let randomHex = '';
let randomOffset = 0;
let lastMs = 0;
let lastMsHex = '';
let sequence = 0;

/**
 * A UUID version 7 (RFC 9562): the time in milliseconds, then a 12-bit sequence within the
 * millisecond, then 62 random bits. Ids made one after another sort one after another, so rows
 * inserted in bulk append to the right edge of their primary key's B-tree instead of landing on
 * a random page each (gen_random_uuid): part of what made a 500 000-row import cheaper for
 * PostgreSQL (bench/history.md, import-stream). Never decreasing within a process: a clock that
 * steps back, or a sequence that runs out, borrows the next millisecond.
 */
export function timeOrderedUuid(): string {
  const now = Date.now();
  if (now > lastMs) {
    lastMs = now;
    sequence = 0;
    lastMsHex = '';
  } else if (++sequence > 0xfff) {
    lastMs++;
    sequence = 0;
    lastMsHex = '';
  }
  if (lastMsHex === '') lastMsHex = lastMs.toString(16).padStart(12, '0');
  if (randomOffset + 16 > randomHex.length) {
    randomHex = randomBytes(RANDOM_POOL_BYTES).toString('hex');
    randomOffset = 0;
  }
  const bits = randomHex.slice(randomOffset, randomOffset + 16);
  randomOffset += 16;
  const variant = ((parseInt(bits[0]!, 16) & 0x3) | 0x8).toString(16); // RFC 4122's variant, 10xx
  return `${lastMsHex.slice(0, 8)}-${lastMsHex.slice(8)}-${(0x7000 | sequence).toString(16)}-${variant}${bits.slice(1, 4)}-${bits.slice(4)}`;
}
