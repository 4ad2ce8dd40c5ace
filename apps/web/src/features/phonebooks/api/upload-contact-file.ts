// POST /api/phonebooks/:id/entries/import: the CSV file itself is the body, with the column mapping
// in the query; the server reads it as it arrives. XMLHttpRequest rather than fetch, because only
// it reports how much of the upload has gone (fetch has no upload progress in browsers today).
import { streamImportResponseSchema, type StreamImportQuery, type StreamImportResponse } from '@kurir/core/schemas/phonebooks';
import { segment } from '../../../lib/api';
import { IMPORT_FAILED, ImportFailedError, parseImportReply } from './import-entries';

/** Uploading (with how much has gone), then the server checking and saving the rows. */
export type UploadProgress = { phase: 'uploading'; percent: number } | { phase: 'importing' };

export function importFileUrl(phonebookId: string, query: StreamImportQuery): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, String(value));
  return `/api/phonebooks/${segment(phonebookId)}/entries/import?${params.toString()}`;
}

export function uploadContactFile(
  phonebookId: string,
  file: Blob,
  query: StreamImportQuery,
  onProgress: (progress: UploadProgress) => void,
): Promise<StreamImportResponse> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', importFileUrl(phonebookId, query));
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('Content-Type', 'text/csv');
    onProgress({ phase: 'uploading', percent: 0 });
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress({ phase: 'uploading', percent: Math.min(100, Math.floor((e.loaded / e.total) * 100)) });
    };
    // The last byte is sent; the server finishes checking and writing the rows.
    xhr.upload.onload = () => onProgress({ phase: 'importing' });
    xhr.onload = () => {
      try {
        resolve(parseImportReply(xhr.status, xhr.statusText, xhr.responseText, streamImportResponseSchema));
      } catch (error) {
        reject(error);
      }
    };
    xhr.onerror = () => reject(new ImportFailedError(IMPORT_FAILED));
    xhr.onabort = () => reject(new ImportFailedError(IMPORT_FAILED));
    xhr.send(file);
  });
}
