import { describe, expect, it } from 'vitest';
import { describeChanges } from './audit-changes';

describe('describeChanges', () => {
  it('lists each changed field as before → after', () => {
    expect(describeChanges({ status: 'active', role: 'user' }, { status: 'inactive', role: 'user' })).toEqual(['status: active → inactive']);
  });

  it('shows a missing side as a dash', () => {
    expect(describeChanges(null, { credit: 5 })).toEqual(['credit: — → 5']);
    expect(describeChanges({ sender_name: 'Shop' }, null)).toEqual(['sender_name: Shop → —']);
  });

  it('is empty when nothing is recorded', () => {
    expect(describeChanges(null, null)).toEqual([]);
  });
});
