import { afterEach, describe, expect, it, vi } from 'vitest';
import { INVALID_JSON } from './import-entries';
import { importFileUrl, uploadContactFile, type UploadProgress } from './upload-contact-file';

/** Just enough of XMLHttpRequest: records what was sent, and lets the test play the upload. */
class FakeXhr {
  static last: FakeXhr;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  withCredentials = false;
  body: unknown;
  status = 0;
  statusText = '';
  responseText = '';
  upload: { onprogress?: (e: { lengthComputable: boolean; loaded: number; total: number }) => void; onload?: () => void } = {};
  onload?: () => void;
  onerror?: () => void;
  onabort?: () => void;
  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    this.body = body;
  }
  reply(status: number, text: string) {
    this.status = status;
    this.responseText = text;
    this.onload?.();
  }
}

afterEach(() => vi.unstubAllGlobals());

describe('uploading a CSV file', () => {
  it('puts the mapping in the query and leaves out columns not imported', () => {
    expect(importFileUrl('p/1', { name: 2, phone_number: 0, header: 'true', delimiter: 'semicolon', encoding: 'windows-1250' })).toBe(
      '/api/phonebooks/p%2F1/entries/import?name=2&phone_number=0&header=true&delimiter=semicolon&encoding=windows-1250',
    );
  });

  it('sends the file itself as text/csv, reports upload progress, then importing, then the result', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const file = new Blob(['Ana,+38640111222\n']);
    const seen: UploadProgress[] = [];
    const done = uploadContactFile('pb', file, { name: 0, phone_number: 1 }, (p) => seen.push(p));
    const xhr = FakeXhr.last;
    expect([xhr.method, xhr.body, xhr.headers['Content-Type'], xhr.withCredentials]).toEqual(['POST', file, 'text/csv', true]);
    xhr.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 200 });
    xhr.upload.onprogress?.({ lengthComputable: true, loaded: 200, total: 200 });
    xhr.upload.onload?.();
    const result = { imported: 1, errors: [], skipped_duplicates: 0, error_count: 0, errors_capped: false };
    xhr.reply(200, JSON.stringify(result));
    await expect(done).resolves.toEqual(result);
    expect(seen).toEqual([
      { phase: 'uploading', percent: 0 },
      { phase: 'uploading', percent: 25 },
      { phase: 'uploading', percent: 100 },
      { phase: 'importing' },
    ]);
  });

  it("words failures as the bulk import does (spec §8)", async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const refused = uploadContactFile('pb', new Blob(['x']), { name: 0, phone_number: 1 }, () => undefined);
    FakeXhr.last.reply(413, JSON.stringify({ message: 'The file is too large (at most 100 MB).' }));
    await expect(refused).rejects.toThrow('HTTP 413: The file is too large (at most 100 MB).');
    const odd = uploadContactFile('pb', new Blob(['x']), { name: 0, phone_number: 1 }, () => undefined);
    FakeXhr.last.reply(200, '{"imported":1}');
    await expect(odd).rejects.toThrow(INVALID_JSON);
    const lost = uploadContactFile('pb', new Blob(['x']), { name: 0, phone_number: 1 }, () => undefined);
    FakeXhr.last.onerror?.();
    await expect(lost).rejects.toThrow('Failed to import contacts. Please try again.');
  });
});
