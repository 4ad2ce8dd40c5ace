import { describe, expect, it } from 'vitest';
import { IMPORT_FAILED, INVALID_JSON, ImportFailedError, importFailureMessage, readImportReply } from './import-entries';

const reply = (status: number, body: string, statusText = '') => new Response(body, { status, statusText });

async function failure(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    return importFailureMessage(error);
  }
  throw new Error('expected the import to fail');
}

describe('bulk import replies (spec §8)', () => {
  it('reads the counts of a successful import', async () => {
    const body = { imported: 3, errors: [], skipped_duplicates: 0 };
    await expect(readImportReply(reply(200, JSON.stringify(body)))).resolves.toEqual(body);
  });

  it("words a refused import as 'HTTP {status}: {body}', with the server's message", async () => {
    const body = JSON.stringify({ message: 'No valid contact data found. Please check the format.', errors: [] });
    expect(await failure(readImportReply(reply(400, body)))).toBe(
      'HTTP 400: No valid contact data found. Please check the format.',
    );
  });

  it('shows a non-JSON error body as text without its HTML', async () => {
    expect(await failure(readImportReply(reply(502, '<html><body><h1>Bad Gateway</h1></body></html>')))).toBe(
      'HTTP 502: Bad Gateway',
    );
  });

  it('says so when a successful reply is not JSON, or not the expected shape', async () => {
    expect(await failure(readImportReply(reply(200, '<html>oops</html>')))).toBe(INVALID_JSON);
    expect(await failure(readImportReply(reply(200, '{"ok":true}')))).toBe(INVALID_JSON);
  });

  it('falls back to the generic line for anything else', () => {
    expect(importFailureMessage(new TypeError('Failed to fetch'))).toBe(IMPORT_FAILED);
    expect(importFailureMessage(new ImportFailedError('HTTP 500: boom'))).toBe('HTTP 500: boom');
  });
});
