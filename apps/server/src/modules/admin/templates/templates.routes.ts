// SMS templates. /api/sms/templates: the shared templates (admins write them; customers read the
// User-type ones). /api/templates: a customer's own templates plus the User-type shared ones.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  TEMPLATE_MESSAGES,
  adminTemplateBodySchema,
  customerTemplateBodySchema,
  idParamsSchema,
  templateDeletedResponseSchema,
  templateSavedResponseSchema,
  templatesResponseSchema,
} from '@kurir/core';
import type { Database } from '../../../db/client';
import { requireUser } from '../../../http/access';
import { listSharedTemplates, listTemplatesForCustomer, listUserTypeTemplates } from './templates.repo';
import {
  createOwnTemplate,
  createSharedTemplate,
  deleteOwnTemplate,
  deleteSharedTemplate,
  toTemplateDto,
  updateOwnTemplate,
  updateSharedTemplate,
} from './templates.service';

/**
 * An edit says the type only when it changes it: the spec's client sends name, content and category
 * alone, and the create schema's default (User) would turn an Admin template into one every
 * customer reads.
 */
const sharedTemplateEditSchema = adminTemplateBodySchema.extend({ is_admin_template: z.boolean().optional() });

export function templateRoutes(deps: { db: Database }) {
  const { db } = deps;
  return async function (app: FastifyInstance) {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const saved = { 200: templateSavedResponseSchema };
    const deleted = { 200: templateDeletedResponseSchema };

    r.get('/api/sms/templates', { config: { access: 'customer' }, schema: { response: { 200: templatesResponseSchema } } }, async (request) => {
      const rows = requireUser(request).role === 'admin' ? await listSharedTemplates(db) : await listUserTypeTemplates(db);
      return { templates: rows.map(toTemplateDto) };
    });
    r.post('/api/sms/templates', { config: { access: 'admin' }, schema: { body: adminTemplateBodySchema, response: saved } }, async (request) => ({
      message: TEMPLATE_MESSAGES.created,
      template: toTemplateDto(await createSharedTemplate(db, requireUser(request).id, request.body)),
    }));
    r.put('/api/sms/templates/:id', { config: { access: 'admin' }, schema: { params: idParamsSchema, body: sharedTemplateEditSchema, response: saved } }, async (request) => ({
      message: TEMPLATE_MESSAGES.updated,
      template: toTemplateDto(await updateSharedTemplate(db, requireUser(request).id, request.params.id, request.body)),
    }));
    r.delete('/api/sms/templates/:id', { config: { access: 'admin' }, schema: { params: idParamsSchema, response: deleted } }, async (request) => {
      await deleteSharedTemplate(db, requireUser(request).id, request.params.id);
      return { message: TEMPLATE_MESSAGES.deleted };
    });

    r.get('/api/templates', { config: { access: 'customer' }, schema: { response: { 200: templatesResponseSchema } } }, async (request) => ({
      templates: (await listTemplatesForCustomer(db, requireUser(request).id)).map(toTemplateDto),
    }));
    r.post('/api/templates', { config: { access: 'customer' }, schema: { body: customerTemplateBodySchema, response: saved } }, async (request) => ({
      message: TEMPLATE_MESSAGES.created,
      template: toTemplateDto(await createOwnTemplate(db, requireUser(request).id, request.body)),
    }));
    r.put('/api/templates/:id', { config: { access: 'customer' }, schema: { params: idParamsSchema, body: customerTemplateBodySchema, response: saved } }, async (request) => ({
      message: TEMPLATE_MESSAGES.updated,
      template: toTemplateDto(await updateOwnTemplate(db, requireUser(request).id, request.params.id, request.body)),
    }));
    r.delete('/api/templates/:id', { config: { access: 'customer' }, schema: { params: idParamsSchema, response: deleted } }, async (request) => {
      await deleteOwnTemplate(db, requireUser(request).id, request.params.id);
      return { message: TEMPLATE_MESSAGES.deleted };
    });
  };
}
