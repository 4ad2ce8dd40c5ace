// A CSV file uploaded as the raw request body, in two passes. First the upload is received whole
// into a temporary file (import-spool.ts) at the client's pace, with only cheap checks on the way:
// the size limit, that the bytes are text in the chosen encoding, no NUL; silence between chunks,
// and the whole upload, each have a deadline (a 400). Then, with nothing left to wait for from the
// client, the file is read back: decoded, cut into records by core's CsvReader and turned into
// contacts by the mapping the customer chose — one piece per chunk, so nothing holds the file.
import type { Readable } from 'node:stream';
import { TextDecoder } from 'node:util';
import type { FastifyInstance } from 'fastify';
import {
  CsvLimitError,
  CsvReader,
  PHONEBOOK_MESSAGES,
  STREAM_IMPORT_IDLE_SECONDS,
  STREAM_IMPORT_MAX_SECONDS,
  recordToContactInput,
  type ColumnMapping,
  type ContactInput,
  type CsvRecord,
  type StreamImportOptions,
} from '@kurir/core';
import { NUL_REFUSED } from '../../http/input-guard';
import { AppError, badRequest } from '../../lib/errors';
import type { ImportSpool } from './import-spool';

export const CSV_CONTENT_TYPE = 'text/csv';

export interface UploadDeadlines {
  /** The longest wait for the next chunk, counted from when it is asked for. */
  idleMs: number;
  /** The longest the whole upload may take, from its first read to its end. */
  totalMs: number;
}

/** The import route's deadlines; a test may shorten them for a while. */
export const uploadDeadlines: UploadDeadlines = {
  idleMs: STREAM_IMPORT_IDLE_SECONDS * 1000,
  totalMs: STREAM_IMPORT_MAX_SECONDS * 1000,
};

export interface UploadLimits {
  maxBytes: number;
  /** None: the upload is read at whatever pace it comes. */
  deadlines?: UploadDeadlines;
}

export interface CsvFileLimits {
  maxBytes: number;
  maxRows: number;
}

export const fileTooLarge = (maxBytes: number) =>
  new AppError(413, 'import_file_too_large', PHONEBOOK_MESSAGES.importFileTooLarge, { maxBytes });
// 400, not 408: browsers repeat a request answered 408 on a reused connection without telling the
// page (Chrome up to twice, the body too), so a customer would wait out the deadline three times.
export const uploadStalled = () => badRequest(PHONEBOOK_MESSAGES.importUploadStalled, 'import_upload_stalled');
export const uploadTooSlow = () => badRequest(PHONEBOOK_MESSAGES.importUploadTooSlow, 'import_upload_too_slow');

/**
 * Hands a `text/csv` body to the route as the stream it is, unread (Fastify's own parsers would
 * buffer it whole). Registered in the phonebook routes' scope only. A declared length over the
 * limit is refused before a byte is read; an undeclared one (chunked) is counted as it arrives.
 */
export function registerCsvStreamParser(app: FastifyInstance, maxBytes: number) {
  app.addContentTypeParser(CSV_CONTENT_TYPE, (request, payload, done) => {
    const declared = Number(request.headers['content-length']);
    if (Number.isFinite(declared) && declared > maxBytes) return done(fileTooLarge(maxBytes), undefined);
    done(null, payload);
  });
}

const isReadable = (body: unknown): body is Readable =>
  typeof body === 'object' && body !== null && typeof (body as Readable).pipe === 'function' && typeof (body as Readable).iterator === 'function';

/** The stream a `text/csv` body was handed through as, or a 400 for any other body. */
export function uploadStream(body: unknown): Readable {
  if (!isReadable(body)) throw badRequest(PHONEBOOK_MESSAGES.importEmpty, 'import_empty');
  return body;
}

/**
 * The chunks of an upload, each awaited at most `idleMs` and all of them before `totalMs` has
 * passed; past either, a 400. The stream is read without being destroyed when reading stops early
 * (a refusal, a deadline, the import failing): the reply still has to go out on the same
 * connection, which the route then closes.
 */
export async function* uploadChunks(body: Readable, deadlines?: UploadDeadlines): AsyncGenerator<Buffer> {
  if (!deadlines) {
    yield* body.iterator({ destroyOnReturn: false }) as AsyncIterable<Buffer>;
    return;
  }
  const chunks = body.iterator({ destroyOnReturn: false }) as AsyncIterator<Buffer>;
  const end = performance.now() + deadlines.totalMs;
  let done = false;
  try {
    while (!done) {
      const left = end - performance.now();
      if (left <= 0) throw uploadTooSlow();
      const next = chunks.next();
      // A chunk that never comes leaves `next` pending until the connection closes; its failure then is no one's.
      next.catch(() => undefined);
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(left > deadlines.idleMs ? uploadStalled() : uploadTooSlow()), Math.min(left, deadlines.idleMs));
      });
      let result: IteratorResult<Buffer>;
      try {
        result = await Promise.race([next, timeout]);
      } finally {
        clearTimeout(timer);
      }
      done = result.done === true;
      if (!done) yield result.value;
    }
  } finally {
    // Stopped early: let go of the stream's listeners (after a chunk still awaited, if any).
    if (!done) chunks.return?.().catch(() => undefined);
  }
}

/** Records from the reader; a record over its limits (a runaway line) is the customer's 400. */
function readRecords(read: () => CsvRecord[]): CsvRecord[] {
  try {
    return read();
  } catch (error) {
    if (error instanceof CsvLimitError) throw badRequest(error.message, error.code);
    throw error;
  }
}

const notText = () => badRequest(PHONEBOOK_MESSAGES.importFileNotText, 'import_file_not_text');

function textDecoder(encoding: StreamImportOptions['encoding']): TextDecoder {
  try {
    return new TextDecoder(encoding, { fatal: true });
  } catch {
    throw notText();
  }
}

/**
 * Receives an upload whole into `spool` (uploadChunks: with the deadlines given, and the stream
 * left undestroyed when reading stops early), refusing it as soon as a chunk is past the size
 * limit, is not text in the encoding (UTF-8; every byte is a character in Windows-1250) or holds a
 * NUL. Cheap: about 25 ms of decoding for 23 MB. Returns the bytes received.
 */
export async function receiveUpload(body: Readable, spool: ImportSpool, encoding: StreamImportOptions['encoding'], limits: UploadLimits): Promise<number> {
  const decoder = textDecoder(encoding);
  for await (const chunk of uploadChunks(body, limits.deadlines)) {
    if (spool.bytes + chunk.length > limits.maxBytes) throw fileTooLarge(limits.maxBytes);
    // PostgreSQL text cannot hold NUL; the JSON routes refuse it at the door (http/input-guard.ts).
    // A 0 byte is U+0000 in both encodings, and no other character holds one.
    if (chunk.includes(0)) throw badRequest(NUL_REFUSED, 'nul_character');
    try {
      decoder.decode(chunk, { stream: true });
    } catch {
      throw notText();
    }
    await spool.write(chunk);
  }
  try {
    decoder.decode();
  } catch {
    throw notText(); // a character cut off by the file's end
  }
  return spool.bytes;
}

/**
 * The contacts of a CSV file given as chunks of bytes (a spooled upload: ImportSpool.chunks), a
 * piece per chunk. Past `maxBytes` or `maxRows`, or a record past the reader's limits, is a 4xx.
 */
export async function* csvContactPieces(
  chunks: AsyncIterable<Uint8Array>,
  options: StreamImportOptions,
  limits: CsvFileLimits,
): AsyncGenerator<ContactInput[]> {
  const decoder = textDecoder(options.encoding);
  const reader = new CsvReader(options.delimiter);
  const mapping: ColumnMapping = {
    name: options.name,
    phone_number: options.phone_number,
    email: options.email ?? null,
    notes: options.notes ?? null,
  };
  let bytes = 0;
  let rows = 0;
  let headerLeft = options.header;

  const toInputs = (records: CsvRecord[]) => {
    if (headerLeft && records.length > 0) {
      headerLeft = false;
      records.shift();
    }
    rows += records.length;
    if (rows > limits.maxRows) throw badRequest(PHONEBOOK_MESSAGES.importFileTooMany, 'import_too_many');
    return records.map((r) => recordToContactInput(r, mapping));
  };
  const decode = (chunk?: Uint8Array) => {
    let text: string;
    try {
      text = chunk ? decoder.decode(chunk, { stream: true }) : decoder.decode();
    } catch {
      throw notText();
    }
    // Checked as the upload came (receiveUpload) too; here for any other source of bytes.
    if (text.includes('\u0000')) throw badRequest(NUL_REFUSED, 'nul_character');
    return text;
  };

  for await (const chunk of chunks) {
    bytes += chunk.length;
    if (bytes > limits.maxBytes) throw fileTooLarge(limits.maxBytes);
    yield toInputs(readRecords(() => reader.push(decode(chunk))));
  }
  yield toInputs(readRecords(() => [...reader.push(decode()), ...reader.end()]));
}
