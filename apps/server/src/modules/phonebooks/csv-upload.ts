// A CSV file uploaded as the raw request body, read as it arrives: bytes are counted against the
// limit, decoded, cut into records by core's CsvReader and turned into contacts by the mapping the
// customer chose — one piece per chunk of the upload, so nothing holds the file.
import type { Readable } from 'node:stream';
import { TextDecoder } from 'node:util';
import type { FastifyInstance } from 'fastify';
import {
  CsvReader,
  PHONEBOOK_MESSAGES,
  recordToContactInput,
  type ColumnMapping,
  type ContactInput,
  type CsvRecord,
  type StreamImportOptions,
} from '@kurir/core';
import { NUL_REFUSED } from '../../http/input-guard';
import { AppError, badRequest } from '../../lib/errors';

export const CSV_CONTENT_TYPE = 'text/csv';

export interface UploadLimits {
  maxBytes: number;
  maxRows: number;
}

export const fileTooLarge = (maxBytes: number) =>
  new AppError(413, 'import_file_too_large', PHONEBOOK_MESSAGES.importFileTooLarge, { maxBytes });

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
 * The contacts of an uploaded CSV, a piece per chunk. The stream is read without being destroyed
 * when reading stops early (a refusal below, or the import failing): the reply still has to go
 * out on the same connection, and Node discards the rest of the upload after it.
 */
export async function* csvContactPieces(
  body: Readable,
  options: StreamImportOptions,
  limits: UploadLimits,
): AsyncGenerator<ContactInput[]> {
  let decoder: TextDecoder;
  try {
    decoder = new TextDecoder(options.encoding, { fatal: true });
  } catch {
    throw badRequest(PHONEBOOK_MESSAGES.importFileNotText, 'import_file_not_text');
  }
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
  const decode = (chunk?: Buffer) => {
    let text: string;
    try {
      text = chunk ? decoder.decode(chunk, { stream: true }) : decoder.decode();
    } catch {
      throw badRequest(PHONEBOOK_MESSAGES.importFileNotText, 'import_file_not_text');
    }
    // PostgreSQL text cannot hold NUL; the JSON routes refuse it at the door (http/input-guard.ts).
    if (text.includes('\u0000')) throw badRequest(NUL_REFUSED, 'nul_character');
    return text;
  };

  for await (const chunk of body.iterator({ destroyOnReturn: false }) as AsyncIterable<Buffer>) {
    bytes += chunk.length;
    if (bytes > limits.maxBytes) throw fileTooLarge(limits.maxBytes);
    yield toInputs(reader.push(decode(chunk)));
  }
  yield toInputs([...reader.push(decode()), ...reader.end()]);
}
