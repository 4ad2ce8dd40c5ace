// A user's products as an admin manages them: GET /api/users/{id}/products (the customer's own
// userProductSchema), POST /api/admin/users/{id}/products, DELETE …/products/{assignmentId}.
import { z } from '../zod';
import { userProductSchema } from '../products';

export const USER_PRODUCT_MESSAGES = {
  productRequired: 'Please choose a product',
  quantityInvalid: 'Quantity must be a whole number of at least 1',
  added: 'Product added',
  removed: 'Product removed',
  notFound: 'Product not found',
  assignmentNotFound: 'Assignment not found',
  alreadyRemoved: 'This product was already removed',
  retired: 'This product is retired and can no longer be assigned.',
  senderByRequest: 'A Custom sender name is requested by the customer and approved from the pending requests.',
} as const;

export const assignProductBodySchema = z.strictObject({
  productId: z.uuid({ error: USER_PRODUCT_MESSAGES.productRequired }),
  quantity: z
    .number({ error: USER_PRODUCT_MESSAGES.quantityInvalid })
    .int(USER_PRODUCT_MESSAGES.quantityInvalid)
    .min(1, USER_PRODUCT_MESSAGES.quantityInvalid)
    .max(1_000_000, USER_PRODUCT_MESSAGES.quantityInvalid)
    .default(1),
});
export type AssignProductBody = z.input<typeof assignProductBodySchema>;

export const assignmentParamsSchema = z.object({ id: z.string().max(64), assignmentId: z.string().max(64) });

export const assignProductResponseSchema = z.object({ message: z.string(), userProduct: userProductSchema });
export const removeProductResponseSchema = z.object({ message: z.string(), userProduct: userProductSchema });
