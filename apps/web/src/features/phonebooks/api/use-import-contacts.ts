// The Bulk Import dialog's one mutation: checked rows as JSON (import-entries.ts), or a CSV file
// uploaded as it is (upload-contact-file.ts); either way the phonebook's lists reload after.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BulkImportBody, BulkImportResponse, StreamImportQuery, StreamImportResponse } from '@kurir/core/schemas/phonebooks';
import { queryRoots } from '../../../lib/query-keys';
import { importEntries } from './import-entries';
import { uploadContactFile, type UploadProgress } from './upload-contact-file';

/** What the dialog imports: checked rows as JSON, or a CSV file uploaded as it is. */
export type ImportJob =
  | { kind: 'entries'; body: BulkImportBody }
  | { kind: 'file'; file: File; query: StreamImportQuery; onProgress: (progress: UploadProgress) => void };
/** The reply of either: a file's also counts every problem row (`error_count`). */
export type ImportResult = BulkImportResponse & Partial<Pick<StreamImportResponse, 'error_count' | 'errors_capped'>>;

export function useImportContacts(phonebookId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (job: ImportJob): Promise<ImportResult> =>
      job.kind === 'entries' ? importEntries(phonebookId, job.body) : uploadContactFile(phonebookId, job.file, job.query, job.onProgress),
    // Entries and the phonebook list (its counts) reload after an import (spec §7) — also after
    // a failed one, since a timeout can hide an import that did land.
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryRoots.phonebooks }),
  });
}
