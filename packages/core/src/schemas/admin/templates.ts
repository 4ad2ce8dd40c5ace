// SMS templates. Admins keep the shared ones (GET/POST/PUT/DELETE /api/sms/templates): type Admin
// (for admin sends) or User (offered to every customer). Customers read the User-type ones at
// GET /api/sms/templates and keep their own at /api/templates.
import { z } from '../zod';
import { MESSAGE_MAX_LENGTH, TEMPLATE_CATEGORIES } from '../../constants';

/** How many templates of their own a customer may keep. */
export const CUSTOMER_TEMPLATES_MAX = 200;

export const TEMPLATE_MESSAGES = {
  nameRequired: 'Name is required',
  contentRequired: 'Content is required',
  categoryRequired: 'Category is required',
  nameTooLong: 'Name must be at most 100 characters',
  contentTooLong: `Content must be at most ${MESSAGE_MAX_LENGTH} characters`,
  notFound: 'Template not found',
  tooMany: `You can keep at most ${CUSTOMER_TEMPLATES_MAX} templates. Delete one to add another.`,
  created: 'Template created successfully!',
  updated: 'Template updated successfully!',
  deleted: 'Template deleted successfully!',
  createFailed: 'Failed to create template',
  updateFailed: 'Failed to update template',
  deleteFailed: 'Failed to delete template',
  fetchFailed: 'Failed to fetch templates',
  confirmDelete: 'Are you sure you want to delete this template?',
} as const;

const templateFields = {
  name: z.string({ error: TEMPLATE_MESSAGES.nameRequired }).trim().min(1, TEMPLATE_MESSAGES.nameRequired).max(100, TEMPLATE_MESSAGES.nameTooLong),
  content: z
    .string({ error: TEMPLATE_MESSAGES.contentRequired })
    .refine((v) => v.trim().length > 0, TEMPLATE_MESSAGES.contentRequired)
    .refine((v) => v.length <= MESSAGE_MAX_LENGTH, TEMPLATE_MESSAGES.contentTooLong),
  category: z.enum(TEMPLATE_CATEGORIES, { error: TEMPLATE_MESSAGES.categoryRequired }),
};

/** Admin templates: is_admin_template true is type Admin, false type User (default). */
export const adminTemplateBodySchema = z.strictObject({ ...templateFields, is_admin_template: z.boolean().default(false) });
export type AdminTemplateBody = z.input<typeof adminTemplateBodySchema>;

/** A customer's own template. */
export const customerTemplateBodySchema = z.strictObject(templateFields);
export type CustomerTemplateBody = z.input<typeof customerTemplateBodySchema>;

export const templateSchema = z.object({
  id: z.string(),
  name: z.string(),
  content: z.string(),
  category: z.enum(TEMPLATE_CATEGORIES),
  is_admin_template: z.boolean(),
  /** True for a customer's own template (only in /api/templates). */
  own: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Template = z.infer<typeof templateSchema>;

export const templatesResponseSchema = z.object({ templates: z.array(templateSchema) });
export const templateSavedResponseSchema = z.object({ message: z.string(), template: templateSchema });
export const templateDeletedResponseSchema = z.object({ message: z.string() });
