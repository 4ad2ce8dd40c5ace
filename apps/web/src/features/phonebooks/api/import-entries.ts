// POST /api/phonebooks/:id/entries/bulk (pasted text, a workbook's rows). Import failures read the
// way spec §8 words them ('HTTP {status}: {body}', 'Server returned invalid JSON response', or the
// generic line), so this call and the CSV upload (upload-contact-file.ts) read the reply themselves
// instead of going through lib/api's "{status}: {message}" errors.
import type { z } from 'zod';
import { bulkImportResponseSchema, type BulkImportBody, type BulkImportResponse } from '@kurir/core/schemas/phonebooks';
import { bodyMessage, parseBody, segment } from '../../../lib/api';

export const IMPORT_FAILED = 'Failed to import contacts. Please try again.';
export const INVALID_JSON = 'Server returned invalid JSON response';

/** An import that did not happen, with the text the failure toast shows. */
export class ImportFailedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ImportFailedError';
  }
}

/** The import's reply, or an ImportFailedError saying why not. */
export async function readImportReply(response: Response): Promise<BulkImportResponse> {
  const text = await response.text().catch(() => '');
  return parseImportReply(response.status, response.statusText, text, bulkImportResponseSchema);
}

/** A reply's status and text (from fetch or XMLHttpRequest) → the result, or an ImportFailedError. */
export function parseImportReply<S extends z.ZodType>(status: number, statusText: string, text: string, schema: S): z.infer<S> {
  if (status < 200 || status > 299) {
    throw new ImportFailedError(`HTTP ${status}: ${bodyMessage(parseBody(text)) || statusText}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new ImportFailedError(INVALID_JSON);
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) throw new ImportFailedError(INVALID_JSON);
  return parsed.data as z.infer<S>;
}

export async function importEntries(phonebookId: string, body: BulkImportBody): Promise<BulkImportResponse> {
  let response: Response;
  try {
    response = await fetch(`/api/phonebooks/${segment(phonebookId)}/entries/bulk`, {
      method: 'POST',
      credentials: 'include',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
  } catch {
    throw new ImportFailedError(IMPORT_FAILED);
  }
  return readImportReply(response);
}

/** The text of any import failure: ours as worded, anything unexpected as the generic line. */
export function importFailureMessage(error: unknown): string {
  return error instanceof ImportFailedError ? error.message : IMPORT_FAILED;
}
