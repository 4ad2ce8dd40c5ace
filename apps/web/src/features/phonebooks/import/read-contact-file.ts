// A chosen CSV or Excel file → records of cells for core's importer. The XLSX reader is loaded
// only when an .xlsx file is picked, so it never weighs on the main bundle.
import { parseCsv, recordsFromCells, type CsvRecord } from '@kurir/core/contacts-import';

export const ACCEPTED_FILES =
  '.csv,.txt,.xlsx,text/csv,text/plain,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Far above 50 000 contacts in CSV; a bound so a wrong file cannot freeze the tab. */
export const MAX_FILE_BYTES = 10 * 1024 * 1024;

export const FILE_MESSAGES = {
  tooLarge: 'The file is too large (at most 10 MB).',
  unsupported: 'Choose a CSV file or an Excel workbook (.xlsx).',
  unreadable: 'The file could not be read. Save it as CSV or .xlsx and try again.',
  empty: 'The file has no rows.',
  chooseFile: 'Please choose a CSV or Excel file to import.',
} as const;

export class ContactFileError extends Error {}

const isXlsx = (file: File) =>
  /\.xlsx$/i.test(file.name) || file.type === 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const isOldExcel = (file: File) => /\.xls$/i.test(file.name) || file.type === 'application/vnd.ms-excel';

/**
 * CSV text as UTF-8 when it is valid UTF-8; otherwise Windows-1250, which is what Excel in
 * Slovenia and its neighbours saves "CSV" as (so č, š, ž survive).
 */
export function decodeCsv(bytes: ArrayBuffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1250').decode(bytes);
  }
}

export async function readContactFile(file: File): Promise<CsvRecord[]> {
  if (file.size > MAX_FILE_BYTES) throw new ContactFileError(FILE_MESSAGES.tooLarge);
  if (isOldExcel(file)) throw new ContactFileError(FILE_MESSAGES.unsupported);
  let records: CsvRecord[];
  try {
    if (isXlsx(file)) {
      // The `web-worker` build reads on this thread: the `browser` build starts its workers from
      // blob: URLs, which our Content-Security-Policy (worker-src falls back to 'self') refuses.
      const { readSheet } = await import('read-excel-file/web-worker');
      records = recordsFromCells(await readSheet(file));
    } else {
      records = parseCsv(decodeCsv(await file.arrayBuffer()));
    }
  } catch {
    throw new ContactFileError(FILE_MESSAGES.unreadable);
  }
  if (records.length === 0) throw new ContactFileError(FILE_MESSAGES.empty);
  return records;
}
