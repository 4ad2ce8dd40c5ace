// A chosen CSV or Excel file → records of cells for core's importer. A CSV file is not read
// whole: its first PREVIEW_BYTES give the preview and the column mapping, and the file itself is
// uploaded as it is (the server reads it as it arrives). A workbook cannot be read in pieces, so it
// is read whole here, as before; the XLSX reader is loaded only when an .xlsx file is picked, so it
// never weighs on the main bundle.
import {
  MAX_STREAM_IMPORT_BYTES,
  detectDelimiter,
  parseCsv,
  recordsFromCells,
  type CsvRecord,
  type Delimiter,
} from '@kurir/core/contacts-import';

export const ACCEPTED_FILES =
  '.csv,.txt,.xlsx,text/csv,text/plain,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A workbook is read whole in the tab: a bound so a wrong file cannot freeze it. */
export const MAX_FILE_BYTES = 10 * 1024 * 1024;
/** How much of a CSV file the preview reads: a few hundred rows, whatever the file's size. */
export const PREVIEW_BYTES = 64 * 1024;

export const FILE_MESSAGES = {
  tooLarge: 'The file is too large (at most 10 MB).',
  csvTooLarge: `The file is too large (at most ${MAX_STREAM_IMPORT_BYTES / 1024 / 1024} MB).`,
  unsupported: 'Choose a CSV file or an Excel workbook (.xlsx).',
  unreadable: 'The file could not be read. Save it as CSV or .xlsx and try again.',
  empty: 'The file has no rows.',
  chooseFile: 'Please choose a CSV or Excel file to import.',
} as const;

export class ContactFileError extends Error {}

const isXlsx = (file: File) =>
  /\.xlsx$/i.test(file.name) || file.type === 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const isOldExcel = (file: File) => /\.xls$/i.test(file.name) || file.type === 'application/vnd.ms-excel';

export type CsvEncoding = 'utf-8' | 'windows-1250';

/**
 * CSV text as UTF-8 when it is valid UTF-8; otherwise Windows-1250, which is what Excel in
 * Slovenia and its neighbours saves "CSV" as (so č, š, ž survive). `partial`: the bytes are the
 * start of a file, so a character cut at their end is not a reason to doubt UTF-8.
 */
export function decodeCsvWithEncoding(bytes: ArrayBuffer, partial = false): { text: string; encoding: CsvEncoding } {
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes, { stream: partial }), encoding: 'utf-8' };
  } catch {
    return { text: new TextDecoder('windows-1250').decode(bytes), encoding: 'windows-1250' };
  }
}

export const decodeCsv = (bytes: ArrayBuffer): string => decodeCsvWithEncoding(bytes).text;

export interface ContactFile {
  records: CsvRecord[];
  /** Set for a CSV file, which is uploaded as it is: how the server is to read it. */
  csv?: { delimiter: Delimiter; encoding: CsvEncoding; /** The records are the file's first rows only. */ partial: boolean };
}

/** The first rows of a CSV file: a record cut by the end of the sample is left out. */
async function readCsvStart(file: File): Promise<ContactFile> {
  const partial = file.size > PREVIEW_BYTES;
  const { text, encoding } = decodeCsvWithEncoding(await file.slice(0, PREVIEW_BYTES).arrayBuffer(), partial);
  const delimiter = detectDelimiter(text);
  const records = parseCsv(text, delimiter);
  if (partial) records.pop();
  return { records, csv: { delimiter, encoding, partial } };
}

export async function readContactFile(file: File): Promise<ContactFile> {
  if (isOldExcel(file)) throw new ContactFileError(FILE_MESSAGES.unsupported);
  const xlsx = isXlsx(file);
  if (xlsx && file.size > MAX_FILE_BYTES) throw new ContactFileError(FILE_MESSAGES.tooLarge);
  if (!xlsx && file.size > MAX_STREAM_IMPORT_BYTES) throw new ContactFileError(FILE_MESSAGES.csvTooLarge);
  let read: ContactFile;
  try {
    if (xlsx) {
      // The `web-worker` build reads on this thread: the `browser` build starts its workers from
      // blob: URLs, which our Content-Security-Policy (worker-src falls back to 'self') refuses.
      const { readSheet } = await import('read-excel-file/web-worker');
      read = { records: recordsFromCells(await readSheet(file)) };
    } else {
      read = await readCsvStart(file);
    }
  } catch {
    throw new ContactFileError(FILE_MESSAGES.unreadable);
  }
  if (read.records.length === 0) throw new ContactFileError(FILE_MESSAGES.empty);
  return read;
}
