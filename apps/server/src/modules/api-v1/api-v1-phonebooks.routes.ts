// /api/v1/phonebooks: list, create, delete phonebooks; list, add, import, delete contacts. Thin
// routes over the web's phonebook services; the Phonebook product and ownership are checked
// first, as on the web (another customer's phonebook is a 404).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiContactBodySchema,
  apiContactImportBodySchema,
  apiContactImportResponseSchema,
  apiContactListSchema,
  apiContactSchema,
  apiDeletedSchema,
  apiPhonebookBodySchema,
  apiPhonebookListSchema,
  apiPhonebookSchema,
} from '@kurir/core';
import type { Database } from '../../db/client';
import { requireUser } from '../../http/access';
import { importContacts } from '../phonebooks/contacts-import.service';
import { IMPORT_BODY_LIMIT } from '../phonebooks/phonebooks.routes';
import { phonebookExists } from '../phonebooks/phonebooks.repo';
import * as service from '../phonebooks/phonebooks.service';
import { requireFeature } from '../users/features';
import { v1Schema } from './api-v1.schema';

const phonebookParams = z.object({ id: z.string().max(64) });
const contactParams = z.object({ id: z.string().max(64), contact_id: z.string().max(64) });
const tag = 'Phonebooks';

export function apiV1PhonebookRoutes(deps: { db: Database }) {
  const { db } = deps;
  const config = { access: 'api_key' as const };
  return async function (app: FastifyInstance) {
    const r = app.withTypeProvider<ZodTypeProvider>();

    app.addHook('preValidation', async (request) => {
      const user = requireUser(request);
      await requireFeature(db, user.id, 'phonebook');
      const { id } = request.params as { id?: string };
      if (id !== undefined && !(await phonebookExists(db, user.id, id))) throw service.phonebookNotFound();
    });

    r.get('/api/v1/phonebooks', { config, schema: v1Schema('List phonebooks', { ok: apiPhonebookListSchema, tag }) }, async (request) => ({
      phonebooks: await service.listPhonebooks(db, requireUser(request).id),
    }));

    r.post(
      '/api/v1/phonebooks',
      { config, schema: v1Schema('Create a phonebook', { body: apiPhonebookBodySchema, ok: apiPhonebookSchema, status: 201, post: true, tag }) },
      async (request, reply) => reply.status(201).send(await service.createPhonebook(db, requireUser(request).id, request.body)),
    );

    r.delete(
      '/api/v1/phonebooks/:id',
      { config, schema: v1Schema('Delete a phonebook and its contacts', { params: phonebookParams, ok: apiDeletedSchema, tag }) },
      async (request) => {
        await service.deletePhonebook(db, requireUser(request).id, request.params.id);
        return { id: request.params.id, deleted: true as const };
      },
    );

    r.get(
      '/api/v1/phonebooks/:id/contacts',
      { config, schema: v1Schema('List the contacts of a phonebook', { params: phonebookParams, ok: apiContactListSchema, tag }) },
      async (request) => ({ contacts: await service.listEntries(db, requireUser(request).id, request.params.id) }),
    );

    r.post(
      '/api/v1/phonebooks/:id/contacts',
      {
        config,
        schema: v1Schema('Add a contact', { params: phonebookParams, body: apiContactBodySchema, ok: apiContactSchema, status: 201, post: true, tag }),
      },
      async (request, reply) =>
        reply.status(201).send(await service.addEntry(db, requireUser(request).id, request.params.id, request.body)),
    );

    r.post(
      '/api/v1/phonebooks/:id/contacts/import',
      {
        config,
        bodyLimit: IMPORT_BODY_LIMIT,
        schema: v1Schema('Import contacts in bulk (invalid and duplicate rows are reported per row)', {
          params: phonebookParams,
          body: apiContactImportBodySchema,
          ok: apiContactImportResponseSchema,
          post: true,
          tag,
        }),
      },
      async (request) => importContacts(db, requireUser(request).id, request.params.id, request.body.contacts),
    );

    r.delete(
      '/api/v1/phonebooks/:id/contacts/:contact_id',
      { config, schema: v1Schema('Delete a contact', { params: contactParams, ok: apiDeletedSchema, tag }) },
      async (request) => {
        await service.deleteEntry(db, requireUser(request).id, request.params.id, request.params.contact_id);
        return { id: request.params.contact_id, deleted: true as const };
      },
    );
  };
}
