// The transactions export as CSV (admin spec §7: built in the browser, columns Date, Type,
// Amount, Description, Reference ID, Balance Before, Balance After, Admin User ID).
// Spreadsheets run a cell that starts with = + - @ (or a tab or carriage return before one) as a
// formula, so a description a customer influenced could run one: such text cells get a leading
// apostrophe (OWASP "CSV injection"). Numbers we format ourselves stay numbers: a negative amount
// is -0.079000, not text.
import { TRANSACTION_EXPORT_COLUMNS, type UserTransaction } from '@kurir/core';

const FORMULA_START = /^[=+\-@\t\r]/;

/** One text cell: neutralised against formulas, then quoted when it holds a separator. */
export function csvTextCell(value: string | null | undefined): string {
  const text = value ?? '';
  const safe = FORMULA_START.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** One number cell, with the spec's 6 decimals for amounts in the user-scoped view. */
export const csvNumberCell = (value: number) => value.toFixed(6);

export function transactionsCsv(transactions: readonly UserTransaction[]): string {
  const rows = transactions.map((t) =>
    [
      csvTextCell(t.createdAt),
      csvTextCell(t.type),
      csvNumberCell(t.amount),
      csvTextCell(t.description),
      csvTextCell(t.referenceId),
      csvNumberCell(t.balanceBefore),
      csvNumberCell(t.balanceAfter),
      csvTextCell(t.adminUserId),
    ].join(','),
  );
  return [TRANSACTION_EXPORT_COLUMNS.join(','), ...rows].join('\r\n') + '\r\n';
}

/** `transactions-<phone digits>-<date>.csv`. */
export function exportFileName(phone: string, today: Date): string {
  return `transactions-${phone.replace(/\D/g, '')}-${today.toISOString().slice(0, 10)}.csv`;
}
