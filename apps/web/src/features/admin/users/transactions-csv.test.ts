import { describe, expect, it } from 'vitest';
import type { UserTransaction } from '@kurir/core';
import { csvTextCell, exportFileName, transactionsCsv } from './transactions-csv';

describe('csvTextCell', () => {
  it.each(['=HYPERLINK("http://x")', '+1+2', '-2+3', '@SUM(A1)', '\t=1', '\r=1'])('neutralises %j with an apostrophe', (text) => {
    expect(csvTextCell(text).replace(/^"/, '').startsWith("'")).toBe(true);
  });

  it('quotes separators and doubles quotes', () => {
    expect(csvTextCell('a,b')).toBe('"a,b"');
    expect(csvTextCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvTextCell('line\nbreak')).toBe('"line\nbreak"');
    expect(csvTextCell('=1,2')).toBe(`"'=1,2"`);
  });

  it('leaves ordinary text alone and writes missing values empty', () => {
    expect(csvTextCell('Top-up by card')).toBe('Top-up by card');
    expect(csvTextCell(null)).toBe('');
  });
});

describe('transactionsCsv', () => {
  const entry: UserTransaction = {
    id: 't1',
    type: 'sms_cost',
    amount: -0.0799,
    description: '=cmd|" /C calc"!A0',
    referenceId: 'msg-1',
    balanceBefore: 5,
    balanceAfter: 4.9201,
    adminUserId: null,
    status: 'completed',
    createdAt: '2026-11-20T10:00:00.000Z',
  };

  it('writes the spec columns, then one row per entry with 6-decimal numbers', () => {
    const lines = transactionsCsv([entry]).split('\r\n');
    expect(lines[0]).toBe('Date,Type,Amount,Description,Reference ID,Balance Before,Balance After,Admin User ID');
    expect(lines[1]).toBe(`2026-11-20T10:00:00.000Z,sms_cost,-0.079900,"'=cmd|"" /C calc""!A0",msg-1,5.000000,4.920100,`);
    expect(lines[2]).toBe('');
  });

  it('is only the header without entries', () => {
    expect(transactionsCsv([])).toBe('Date,Type,Amount,Description,Reference ID,Balance Before,Balance After,Admin User ID\r\n');
  });
});

describe('exportFileName', () => {
  it('names the file after the phone digits and the day', () => {
    expect(exportFileName('+386 40 111 222', new Date('2026-11-23T06:00:00Z'))).toBe('transactions-38640111222-2026-11-23.csv');
  });
});
