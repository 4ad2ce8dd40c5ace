// POST /api/phonebooks/:id/entries/bulk. Its failures read the way spec §8 words them
// ('HTTP {status}: {body}', 'Server returned invalid JSON response', or the generic line), so this
// call reads the reply itself instead of going through lib/api's "{status}: {message}" errors.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { bulkImportResponseSchema, type BulkImportBody, type BulkImportResponse } from '@kurir/core/schemas/phonebooks';
import { bodyMessage, parseBody, segment } from '../../../lib/api';
import { queryRoots } from '../../../lib/query-keys';

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
  if (!response.ok) {
    throw new ImportFailedError(`HTTP ${response.status}: ${bodyMessage(parseBody(text)) || response.statusText}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new ImportFailedError(INVALID_JSON);
  }
  const parsed = bulkImportResponseSchema.safeParse(json);
  if (!parsed.success) throw new ImportFailedError(INVALID_JSON);
  return parsed.data;
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

export function useImportEntries(phonebookId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BulkImportBody) => importEntries(phonebookId, body),
    // Entries and the phonebook list (its counts) reload after an import (spec §7) — also after
    // a failed one, since a timeout can hide an import that did land.
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryRoots.phonebooks }),
  });
}
