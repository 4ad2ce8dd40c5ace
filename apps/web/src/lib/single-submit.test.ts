import { describe, expect, it } from 'vitest';
import { singleFlight } from './single-submit';

describe('singleFlight: one submit at a time', () => {
  it('ignores a second start until the first releases', () => {
    const run = singleFlight();
    const releases: (() => void)[] = [];
    expect(run((release) => releases.push(release))).toBe(true);
    expect(run((release) => releases.push(release))).toBe(false);
    expect(releases).toHaveLength(1);
    releases[0]!();
    expect(run((release) => releases.push(release))).toBe(true);
    expect(releases).toHaveLength(2);
  });
});
