import { describe, expect, it } from 'vitest';
import { canDelete, fromLines, isOverdue } from './scheduled-format';

const now = new Date('2026-11-23T12:00:00Z');

describe('admin scheduled list', () => {
  it('flags a waiting message whose time has passed as overdue', () => {
    expect(isOverdue({ status: 'scheduled', scheduled_for: '2026-11-23T11:59:00Z', overdue: false }, now)).toBe(true);
    expect(isOverdue({ status: 'scheduled', scheduled_for: '2026-11-23T12:00:00Z', overdue: false }, now)).toBe(true);
    expect(isOverdue({ status: 'scheduled', scheduled_for: '2026-11-23T12:01:00Z', overdue: false }, now)).toBe(false);
  });

  it('trusts the server when it says overdue, and never flags what no longer waits', () => {
    expect(isOverdue({ status: 'scheduled', scheduled_for: '2026-11-23T12:30:00Z', overdue: true }, now)).toBe(true);
    expect(isOverdue({ status: 'sent', scheduled_for: '2026-11-23T10:00:00Z', overdue: false }, now)).toBe(false);
    expect(isOverdue({ status: 'cancelled', scheduled_for: '2026-11-23T10:00:00Z', overdue: true }, now)).toBe(false);
  });

  it('deletes only what is still scheduled', () => {
    expect(canDelete({ status: 'scheduled' })).toBe(true);
    expect(canDelete({ status: 'pending' })).toBe(false);
    expect(canDelete({ status: 'cancelled' })).toBe(false);
  });

  it('names the sender and the customer, or Unknown', () => {
    expect(fromLines({ sender_name: 'Kurir', user_phone: '+38641555201' })).toEqual(['Kurir', '+38641555201']);
    expect(fromLines({ sender_name: '', user_phone: '' })).toEqual(['Unknown', 'Unknown']);
  });
});
