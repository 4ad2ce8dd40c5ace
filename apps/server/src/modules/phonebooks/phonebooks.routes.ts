// /api/phonebooks: a customer's phonebooks and contacts, bulk import and CSV export. Every route
// needs the Phonebook product, and a phonebook id that is not the caller's answers 404 — both
// decided in one hook before anything else (so not even a body error tells the id exists).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
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
} from '@kurir/core';
import type { Database } from '../../db/client';
import { requireUser } from '../../http/access';
import { requireFeature } from '../users/features';
import { importContacts } from './contacts-import.service';
import { attachmentHeader, entriesToCsv } from './export-csv';
import { listEntries as listEntryRows, phonebookExists } from './phonebooks.repo';
import * as service from './phonebooks.service';

/** 50 000 contacts with generous names and notes fit; the app-wide limit stays 1 MiB. */
export const IMPORT_BODY_LIMIT = 20 * 1024 * 1024;

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
