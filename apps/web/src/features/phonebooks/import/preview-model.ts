// What the Bulk Import dialog shows before anything is sent: every row checked with core's rules
// (the server applies the same ones again), repeats within the import and numbers already in the
// phonebook marked, and the words of the result toast. Pure, so it is tested without a browser.
import { CONTACT_MESSAGES, MAX_IMPORT_ROWS, checkContactImport, type ContactCheck, type ContactInput } from '@kurir/core/contacts-import';
import { PHONEBOOK_MESSAGES, type BulkImportResponse } from '@kurir/core/schemas/phonebooks';

export type RowStatus = 'valid' | 'invalid' | 'duplicate';

export interface PreviewRow extends ContactCheck {
  status: RowStatus;
}

export interface Preview {
  rows: PreviewRow[];
  counts: Record<RowStatus, number>;
}

/** Checks the rows; `existingPhones` are the phonebook's numbers (normalised, as stored). */
export function buildPreview(inputs: readonly ContactInput[], existingPhones: ReadonlySet<string>): Preview {
  const counts: Record<RowStatus, number> = { valid: 0, invalid: 0, duplicate: 0 };
  const rows = checkContactImport(inputs).map((check): PreviewRow => {
    let row: PreviewRow;
    if (check.duplicate) row = { ...check, status: 'duplicate' };
    else if (check.error) row = { ...check, status: 'invalid' };
    else if (existingPhones.has(check.phone_number)) {
      row = { ...check, status: 'duplicate', error: CONTACT_MESSAGES.duplicateExisting };
    } else row = { ...check, status: 'valid' };
    counts[row.status]++;
    return row;
  });
  return { rows, counts };
}

/** The bulk request's entries: only rows that are valid and new (line numbers kept for messages). */
export function entriesToSend(preview: Preview) {
  return preview.rows
    .filter((r) => r.status === 'valid')
    .map(({ row, name, phone_number, email, notes }) => ({ row, name, phone_number, email, notes }));
}

export const NOTHING_NEW = 'Every valid contact here is already in this phonebook. Nothing new to import.';

/** Why the import cannot be sent as it is, or null when it can (spec §5's messages first). */
export function importBlocker(preview: Preview | null): string | null {
  if (!preview || preview.rows.length === 0) return PHONEBOOK_MESSAGES.importEmpty;
  if (preview.counts.valid + preview.counts.duplicate === 0) return PHONEBOOK_MESSAGES.importNoValid;
  if (preview.counts.valid === 0) return NOTHING_NEW;
  if (preview.counts.valid > MAX_IMPORT_ROWS) return PHONEBOOK_MESSAGES.importTooMany;
  return null;
}

const contacts = (n: number) => `${n} ${n === 1 ? 'contact' : 'contacts'}`;
const errors = (n: number) => `${n} ${n === 1 ? 'error' : 'errors'}`;

/**
 * The result toast (spec §8). Rows left out after the preview count as errors too — the same
 * total the server would have reported had it been sent everything. An uploaded file was sent
 * whole: the server counted all its problem rows (`error_count`; its list stops at 1 000).
 */
export function importResultToast(result: BulkImportResponse & { error_count?: number }, leftOut: number) {
  const errorCount = (result.error_count ?? result.errors.length) + leftOut;
  if (errorCount === 0) return { partial: false, title: `${contacts(result.imported)} imported successfully!` } as const;
  return {
    partial: true,
    title: 'Partial Import Success',
    message: `${contacts(result.imported)} imported successfully. ${errors(errorCount)} occurred.`,
  } as const;
}
