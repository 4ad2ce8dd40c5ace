// The wire contract of the public REST API under /api/v1: snake_case fields, prices in euros (tax
// included), one error shape. The OpenAPI document at /api/v1/openapi.json is generated from these.
import { z } from './zod';
import { CHANNELS } from '../constants';
import { MESSAGE_STATUS_VALUES, sendMessageBodySchema } from './messages';
import { bulkImportResponseSchema, contactBodySchema, importEntrySchema, phonebookBodySchema, phonebookEntrySchema, phonebookSchema } from './phonebooks';

export const apiErrorSchema = z
  .object({
    error: z.object({
      code: z.string().meta({ description: 'A stable, machine-readable code, e.g. validation_failed, insufficient_credit, rate_limited.' }),
      message: z.string(),
      details: z.record(z.string(), z.unknown()).nullable(),
      request_id: z.string().meta({ description: 'The id of this request, also in the X-Request-Id header; quote it to support.' }),
    }),
  })
  .meta({ id: 'Error' });
export type ApiError = z.infer<typeof apiErrorSchema>;

const recipient = z.string().max(64).meta({ description: 'An international number, e.g. +38640123456' });

export const apiSendBodySchema = z.strictObject({
  to: z.union([recipient, z.array(recipient).max(50_000)]).optional(),
  text: sendMessageBodySchema.shape.message,
  channel: z.enum(CHANNELS).default('sms').meta({ description: 'viber falls back to SMS when Viber cannot deliver' }),
  phonebook_ids: z.array(z.string().max(64)).max(100).optional(),
  scheduled_for: z.iso.datetime({ offset: true, error: 'The scheduled time is not a valid date and time.' }).optional(),
});
export type ApiSendBody = z.input<typeof apiSendBodySchema>;

export const apiMessageStatusSchema = z.enum(MESSAGE_STATUS_VALUES);

export const apiSentMessageSchema = z.object({
  id: z.string(),
  to: z.string(),
  status: apiMessageStatusSchema,
  parts: z.number().int(),
  encoding: z.enum(['gsm', 'unicode']),
  price: z.number().meta({ description: 'Euros held for this message; the unused part is refunded when it settles.' }),
});

// What a send debits (core `priceSend`'s hold), worded once for the send's and the quote's answers.
const DEBIT_DESCRIPTION =
  'Euros debited by the send. For Viber each message is charged the larger of the Viber price and its SMS price (what an SMS fallback costs); the unused part is refunded once the channel that delivered it is known.';

export const apiSendResponseSchema = z
  .object({
    messages: z.array(apiSentMessageSchema),
    total_price: z.number().meta({ description: DEBIT_DESCRIPTION }),
    balance: z.number().meta({ description: 'Euros left after the debit.' }),
    test: z.boolean(),
  })
  .meta({ id: 'SendResult' });
export type ApiSendResponse = z.infer<typeof apiSendResponseSchema>;

export const apiQuoteBodySchema = apiSendBodySchema.omit({ scheduled_for: true });

export const apiQuoteResponseSchema = z.object({
  recipients: z.number().int(),
  invalid: z.array(z.string()),
  duplicates_removed: z.number().int(),
  parts: z.number().int(),
  encoding: z.enum(['gsm', 'unicode']),
  unicode_characters: z.array(z.string()).meta({ description: 'The characters that force Unicode (fewer characters per part).' }),
  price_per_recipient: z.number().meta({ description: `${DEBIT_DESCRIPTION} Per recipient: the \`price\` of each message in the send's answer.` }),
  total_price: z.number().meta({ description: `${DEBIT_DESCRIPTION} The \`total_price\` of the send's answer.` }),
  price_per_recipient_if_viber_delivers: z
    .number()
    .nullable()
    .meta({ description: 'Viber only: euros one message finally costs when Viber delivers it (after its refund); null for SMS.' }),
  total_price_if_viber_delivers: z
    .number()
    .nullable()
    .meta({ description: 'Viber only: euros the send finally costs when Viber delivers every message (after the refunds); null for SMS.' }),
  balance: z.number(),
  balance_after: z.number().meta({ description: 'balance − total_price: the balance right after the send.' }),
});

export const apiMessageSchema = z
  .object({
    id: z.string(),
    to: z.string(),
    from: z.string(),
    text: z.string(),
    channel: z.enum(CHANNELS),
    status: apiMessageStatusSchema,
    parts: z.number().int(),
    price: z.number(),
    test: z.boolean(),
    created_at: z.string(),
    scheduled_for: z.string().nullable(),
    sent_at: z.string().nullable(),
    delivered_at: z.string().nullable(),
    error: z.string().nullable(),
  })
  .meta({ id: 'Message' });
export type ApiMessage = z.infer<typeof apiMessageSchema>;

export const apiMessageListQuerySchema = z.strictObject({
  status: apiMessageStatusSchema.optional(),
  to: z.string().max(64).optional().meta({ description: 'Numbers ending with these digits' }),
  created_after: z.iso.datetime({ offset: true }).optional(),
  created_before: z.iso.datetime({ offset: true }).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
  cursor: z.string().max(200).optional().meta({ description: 'next_cursor of the previous page' }),
});

export const apiMessageListSchema = z.object({ messages: z.array(apiMessageSchema), next_cursor: z.string().nullable() });

export const apiCancelResponseSchema = z.object({ id: z.string(), status: z.literal('deleted'), balance: z.number() });
export const apiBalanceSchema = z.object({ balance: z.number(), currency: z.literal('EUR') });
export const apiIdParamsSchema = z.object({ id: z.string().max(64) });

export const apiPhonebookSchema = phonebookSchema;
export const apiPhonebookListSchema = z.object({ phonebooks: z.array(phonebookSchema) });
export const apiPhonebookBodySchema = phonebookBodySchema;
export const apiContactSchema = phonebookEntrySchema;
export const apiContactListSchema = z.object({ contacts: z.array(phonebookEntrySchema) });
export const apiContactBodySchema = contactBodySchema;
export const apiContactImportBodySchema = z.strictObject({ contacts: z.array(importEntrySchema).max(50_000) });
export const apiContactImportResponseSchema = bulkImportResponseSchema;
export const apiDeletedSchema = z.object({ id: z.string(), deleted: z.literal(true) });
