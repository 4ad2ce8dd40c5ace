// /api/phonebooks: a customer's phonebooks and contacts, bulk import (a JSON list, or a CSV file
// streamed as the request body) and CSV export. Every route
// needs the Phonebook product, and a phonebook id that is not the caller's answers 404 — both
// decided in one hook before anything else (so not even a body error tells the id exists).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  MAX_REPORTED_IMPORT_ERRORS,
  MAX_STREAM_IMPORT_BYTES,
  MAX_STREAM_IMPORT_ROWS,
  PHONEBOOK_MESSAGES,
  bulkImportBodySchema,
  bulkImportResponseSchema,
  contactBodySchema,
  messageResponseSchema,
  phonebookBodySchema,
  phonebookChangedResponseSchema,
  phonebookEntriesResponseSchema,
  phonebookEntryResponseSchema,
  phonebookResponseSchema,
  phonebooksResponseSchema,
  streamImportQuerySchema,
  streamImportResponseSchema,
  type StreamImportOptions,
} from '@kurir/core';
import type { Database } from '../../db/client';
import { requireUser } from '../../http/access';
import { requireFeature } from '../users/features';
import { AppError } from '../../lib/errors';
import { importContactInputs, importContacts } from './contacts-import.service';
import { CSV_CONTENT_TYPE, csvContactPieces, receiveUpload, registerCsvStreamParser, uploadDeadlines, uploadStream } from './csv-upload';
import { attachmentHeader, entriesToCsv } from './export-csv';
import { ImportSpool } from './import-spool';
import { importSlots } from './import-slots';
import { listEntries as listEntryRows, phonebookExists } from './phonebooks.repo';
import * as service from './phonebooks.service';

/** 50 000 contacts with generous names and notes fit; the app-wide limit stays 1 MiB. */
export const IMPORT_BODY_LIMIT = 20 * 1024 * 1024;
/**
 * Rows per INSERT of a streamed import. Larger than the JSON route's 1 000: fewer round trips and
 * plans per file (bench/history.md, import-stream), still a small, bounded batch in memory.
 */
export const STREAM_BATCH_ROWS = 5000;

const phonebookParams = z.object({ id: z.string() });
const entryParams = z.object({ id: z.string(), entryId: z.string() });

const config = { access: 'customer' as const };

export function phonebookRoutes(deps: { db: Database }) {
  const { db } = deps;
  return async function (app: FastifyInstance) {
    // One hook for every route below: they share this plugin's encapsulation context.
    app.addHook('preValidation', async (request) => {
      const user = requireUser(request);
      await requireFeature(db, user.id, 'phonebook');
      const { id } = request.params as { id?: string };
      if (id !== undefined && !(await phonebookExists(db, user.id, id))) throw service.phonebookNotFound();
    });
    addPhonebookRoutes(app, db);
    addContactRoutes(app, db);
    addImportExportRoutes(app, db);
  };
}

function addPhonebookRoutes(app: FastifyInstance, db: Database) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/api/phonebooks', { config, schema: { response: { 200: phonebooksResponseSchema } } }, async (request) => ({
    phonebooks: await service.listPhonebooks(db, requireUser(request).id),
  }));

  r.post(
    '/api/phonebooks',
    { config, schema: { body: phonebookBodySchema, response: { 201: phonebookChangedResponseSchema } } },
    async (request, reply) => {
      const phonebook = await service.createPhonebook(db, requireUser(request).id, request.body);
      return reply.status(201).send({ phonebook, message: PHONEBOOK_MESSAGES.created });
    },
  );

  r.get(
    '/api/phonebooks/:id',
    { config, schema: { params: phonebookParams, response: { 200: phonebookResponseSchema } } },
    async (request) => ({ phonebook: await service.getPhonebook(db, requireUser(request).id, request.params.id) }),
  );

  r.put(
    '/api/phonebooks/:id',
    { config, schema: { params: phonebookParams, body: phonebookBodySchema, response: { 200: phonebookChangedResponseSchema } } },
    async (request) => ({
      phonebook: await service.updatePhonebook(db, requireUser(request).id, request.params.id, request.body),
      message: PHONEBOOK_MESSAGES.updated,
    }),
  );

  r.delete(
    '/api/phonebooks/:id',
    { config, schema: { params: phonebookParams, response: { 200: messageResponseSchema } } },
    async (request) => {
      await service.deletePhonebook(db, requireUser(request).id, request.params.id);
      return { message: PHONEBOOK_MESSAGES.deleted };
    },
  );
}

function addContactRoutes(app: FastifyInstance, db: Database) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/phonebooks/:id/entries',
    { config, schema: { params: phonebookParams, response: { 200: phonebookEntriesResponseSchema } } },
    async (request) => ({ entries: await service.listEntries(db, requireUser(request).id, request.params.id) }),
  );

  r.post(
    '/api/phonebooks/:id/entries',
    { config, schema: { params: phonebookParams, body: contactBodySchema, response: { 201: phonebookEntryResponseSchema } } },
    async (request, reply) => {
      const entry = await service.addEntry(db, requireUser(request).id, request.params.id, request.body);
      return reply.status(201).send({ entry, message: PHONEBOOK_MESSAGES.contactAdded });
    },
  );

  r.put(
    '/api/phonebooks/:id/entries/:entryId',
    { config, schema: { params: entryParams, body: contactBodySchema, response: { 200: phonebookEntryResponseSchema } } },
    async (request) => {
      const { id, entryId } = request.params;
      return {
        entry: await service.updateEntry(db, requireUser(request).id, id, entryId, request.body),
        message: PHONEBOOK_MESSAGES.contactUpdated,
      };
    },
  );

  r.delete(
    '/api/phonebooks/:id/entries/:entryId',
    { config, schema: { params: entryParams, response: { 200: messageResponseSchema } } },
    async (request) => {
      await service.deleteEntry(db, requireUser(request).id, request.params.id, request.params.entryId);
      return { message: PHONEBOOK_MESSAGES.contactDeleted };
    },
  );
}

/** Receives the upload whole into a temporary file, then imports the file in one transaction. */
async function importUploadedFile(db: Database, userId: string, phonebookId: string, body: unknown, query: StreamImportOptions) {
  const upload = uploadStream(body);
  const spool = await ImportSpool.open();
  try {
    await receiveUpload(upload, spool, query.encoding, { maxBytes: MAX_STREAM_IMPORT_BYTES, deadlines: uploadDeadlines });
    const pieces = csvContactPieces(spool.chunks(), query, { maxBytes: MAX_STREAM_IMPORT_BYTES, maxRows: MAX_STREAM_IMPORT_ROWS });
    return await importContactInputs(db, userId, phonebookId, pieces, { batchRows: STREAM_BATCH_ROWS, maxErrors: MAX_REPORTED_IMPORT_ERRORS });
  } finally {
    await spool.close();
  }
}

function addImportExportRoutes(app: FastifyInstance, db: Database) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/api/phonebooks/:id/entries/bulk',
    {
      config,
      bodyLimit: IMPORT_BODY_LIMIT,
      schema: { params: phonebookParams, body: bulkImportBodySchema, response: { 200: bulkImportResponseSchema } },
    },
    async (request) => importContacts(db, requireUser(request).id, request.params.id, request.body.entries),
  );

  // The body is the file itself (csv-upload.ts); the mapping is in the query. Received whole, under
  // deadlines, into a temporary file (import-spool.ts) before the transaction opens, then read back
  // from the file by the import: the client's pace never holds a connection or a lock, and the
  // checks overlap the inserts.
  registerCsvStreamParser(app, MAX_STREAM_IMPORT_BYTES);
  r.post(
    '/api/phonebooks/:id/entries/import',
    {
      config,
      bodyLimit: MAX_STREAM_IMPORT_BYTES,
      schema: {
        params: phonebookParams,
        querystring: streamImportQuerySchema,
        consumes: [CSV_CONTENT_TYPE],
        response: { 200: streamImportResponseSchema },
      },
    },
    async (request, reply) => {
      const userId = requireUser(request).id;
      try {
        // One import at a time per customer, a few per process (import-slots.ts): refused before
        // the upload is read or a file opened.
        return await importSlots.hold(userId, () => importUploadedFile(db, userId, request.params.id, request.body, request.query));
      } catch (error) {
        // Refused before the upload's end (busy, too large, too slow, not text, …): the rest of it
        // is not worth reading, so the connection closes after the reply.
        if (!request.raw.readableEnded || (error instanceof AppError && error.status === 413)) reply.header('connection', 'close');
        throw error;
      }
    },
  );

  r.get(
    '/api/phonebooks/:id/export.csv',
    { config, schema: { params: phonebookParams, produces: ['text/csv'] } },
    async (request, reply) => {
      const userId = requireUser(request).id;
      const phonebook = await service.getPhonebook(db, userId, request.params.id);
      const entries = await listEntryRows(db, userId, phonebook.id);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', attachmentHeader(phonebook.name))
        .header('cache-control', 'no-store')
        .send(entriesToCsv(entries));
    },
  );
}
