// A phonebook as a CSV download that spreadsheets open safely: RFC 4180 quoting, CRLF, a BOM so
// Excel reads UTF-8 (č, š, ž), and a leading apostrophe on any cell a spreadsheet would run as a
// formula (= + - @ tab CR) — core's importer takes it off again, so an export imports back as is.
import type { EntryRow } from './phonebooks.repo';

export const EXPORT_COLUMNS = ['name', 'phone_number', 'email', 'notes'] as const;

const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: string | null): string {
  let cell = value ?? '';
  if (FORMULA_START.test(cell)) cell = `'${cell}`;
  return /[",\r\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell;
}

export function entriesToCsv(entries: readonly Pick<EntryRow, 'name' | 'phoneNumber' | 'email' | 'notes'>[]): string {
  const lines = [EXPORT_COLUMNS.join(',')];
  for (const e of entries) lines.push([e.name, e.phoneNumber, e.email, e.notes].map(csvCell).join(','));
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

/** `attachment` with an ASCII fallback name and the real one (RFC 6266 / 5987). */
export function attachmentHeader(phonebookName: string): string {
  const base = phonebookName.trim() || 'phonebook';
  const ascii = base.normalize('NFKD').replace(/[^\w .-]+/g, '').trim().replace(/\s+/g, '-') || 'phonebook';
  return `attachment; filename="${ascii}.csv"; filename*=UTF-8''${encodeURIComponent(`${base}.csv`)}`;
}
