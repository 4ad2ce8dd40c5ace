import { describe, expect, it } from 'vitest';
import { dayLabel, dayRows, monthName, spendShares, totalMessages } from './statistics-rows';

const day = (date: string, sms: number[], viber: number[]) => ({
  date,
  sms: { pending: sms[0]!, sent: sms[1]!, delivered: sms[2]!, failed: sms[3]! },
  viber: { pending: viber[0]!, sent: viber[1]!, delivered: viber[2]!, failed: viber[3]! },
});

describe('statistics rows', () => {
  it('flattens a day, counting pending and sent as waiting for a receipt', () => {
    expect(dayRows([day('2026-11-05', [1, 2, 3, 4], [0, 1, 5, 0])])).toEqual([
      { day: '05.11.', date: '2026-11-05', smsDelivered: 3, smsFailed: 4, smsWaiting: 3, viberDelivered: 5, viberFailed: 0, viberWaiting: 1 },
    ]);
  });

  it('totals every message of every day', () => {
    expect(totalMessages([day('2026-11-05', [1, 2, 3, 4], [0, 1, 5, 0]), day('2026-11-06', [0, 0, 1, 0], [0, 0, 0, 0])])).toBe(17);
  });

  it('names days and months', () => {
    expect(dayLabel('2026-01-31')).toBe('31.01.');
    expect(monthName(2026, 12)).toBe('Dec 2026');
  });

  it('scales spend bars to the biggest spender', () => {
    expect(spendShares([{ spent: 10 }, { spent: 2.5 }, { spent: 0 }] as never)).toEqual([100, 25, 0]);
    expect(spendShares([{ spent: 0 }] as never)).toEqual([0]);
  });
});
