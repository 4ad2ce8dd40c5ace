// The wire contract of /api/phonebooks: bodies, responses and the messages people see.
import { z } from './zod';
import {
  CONTACT_LIMITS,
  CONTACT_MESSAGES,
  MAX_CSV_COLUMNS,
  MAX_IMPORT_ROWS,
  MAX_STREAM_IMPORT_BYTES,
  MAX_STREAM_IMPORT_ROWS,
  STREAM_IMPORT_IDLE_SECONDS,
  STREAM_IMPORT_MAX_SECONDS,
  checkContactEmail,
  checkContactPhone,
} from '../contacts-import';

export const PHONEBOOK_MESSAGES = {
  nameRequired: 'Phonebook name is required',
  nameTooLong: `Phonebook name must be ${CONTACT_LIMITS.name} characters or less`,
  descriptionTooLong: `Description must be ${CONTACT_LIMITS.description} characters or less`,
  notFound: 'Phonebook not found',
  contactNotFound: 'Contact not found',
  created: 'Phonebook created',
  updated: 'Phonebook updated',
  deleted: 'Phonebook deleted',
  contactAdded: 'Contact added',
  contactUpdated: 'Contact updated',
  contactDeleted: 'Contact deleted',
  importEmpty: 'Please enter contact data to import.',
  importNoValid: 'No valid contact data found. Please check the format.',
  importTooMany: `You can import at most ${MAX_IMPORT_ROWS.toLocaleString('en')} contacts at a time.`,
  importFileTooMany: `A file can hold at most ${MAX_STREAM_IMPORT_ROWS.toLocaleString('en')} contacts.`,
  importFileTooLarge: `The file is too large (at most ${MAX_STREAM_IMPORT_BYTES / 1024 / 1024} MB).`,
  importFileNotText: 'The file is not text in the chosen encoding. Save it as CSV (UTF-8) and try again.',
  importUploadStalled: `The upload stopped: nothing arrived for ${STREAM_IMPORT_IDLE_SECONDS} seconds. Check the connection and try again.`,
  importUploadTooSlow: `The upload took longer than ${STREAM_IMPORT_MAX_SECONDS / 60} minutes. Try again on a faster connection, or split the file.`,
} as const;

/** Optional text: trimmed, and empty (or absent) means none. */
const optionalText = (max: number, tooLong: string) =>
  z
    .string()
    .nullish()
    .transform((v) => v?.trim() ?? '')
    .pipe(z.string().max(max, tooLong))
    .transform((v) => (v === '' ? null : v));

export const phonebookBodySchema = z.strictObject({
  name: z
    .string({ error: PHONEBOOK_MESSAGES.nameRequired })
    .trim()
    .min(1, PHONEBOOK_MESSAGES.nameRequired)
    .max(CONTACT_LIMITS.name, PHONEBOOK_MESSAGES.nameTooLong),
  description: optionalText(CONTACT_LIMITS.description, PHONEBOOK_MESSAGES.descriptionTooLong),
});
export type PhonebookBody = z.input<typeof phonebookBodySchema>;

export const phonebookSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  created_at: z.string(),
  contact_count: z.number().int(),
});
export type Phonebook = z.infer<typeof phonebookSchema>;

export const phonebooksResponseSchema = z.object({ phonebooks: z.array(phonebookSchema) });
export const phonebookResponseSchema = z.object({ phonebook: phonebookSchema });
export const phonebookChangedResponseSchema = z.object({ phonebook: phonebookSchema, message: z.string() });

/** Add Contact / Edit Contact: the form's rules, with the country prefix required (spec §5). */
export const contactBodySchema = z.strictObject({
  name: z
    .string({ error: CONTACT_MESSAGES.nameRequired })
    .trim()
    .min(1, CONTACT_MESSAGES.nameRequired)
    .max(CONTACT_LIMITS.name, CONTACT_MESSAGES.nameTooLong),
  phone_number: z.string({ error: CONTACT_MESSAGES.phoneRequired }).transform((value, ctx) => {
    const checked = checkContactPhone(value, { requirePrefix: true });
    if ('phone' in checked) return checked.phone;
    ctx.addIssue({ code: 'custom', message: checked.error });
    return z.NEVER;
  }),
  email: z
    .string()
    .nullish()
    .transform((v) => v?.trim() ?? '')
    .refine((v) => checkContactEmail(v) === null, CONTACT_MESSAGES.emailInvalid)
    .transform((v) => (v === '' ? null : v)),
  notes: optionalText(CONTACT_LIMITS.notes, CONTACT_MESSAGES.notesTooLong),
});
export type ContactBody = z.input<typeof contactBodySchema>;

export const phonebookEntrySchema = z.object({
  id: z.string(),
  name: z.string(),
  phone_number: z.string(),
  email: z.string().nullable(),
  notes: z.string().nullable(),
  created_at: z.string(),
});
export type PhonebookEntry = z.infer<typeof phonebookEntrySchema>;

export const phonebookEntriesResponseSchema = z.object({ entries: z.array(phonebookEntrySchema) });
export const phonebookEntryResponseSchema = z.object({ entry: phonebookEntrySchema, message: z.string() });

/**
 * One imported contact as typed. Fields are checked row by row by the server (so one bad row is
 * reported, not the whole request refused); the bound only stops absurd payloads.
 */
const importedField = z.string().max(10_000).nullish();
export const importEntrySchema = z.strictObject({
  name: importedField,
  phone_number: importedField,
  email: importedField,
  notes: importedField,
  /** The line of the customer's text or file this came from; messages cite it. Default: position in the list, from 1. */
  row: z.number().int().positive().optional(),
});

export const bulkImportBodySchema = z.strictObject({
  entries: z
    .array(importEntrySchema, { error: PHONEBOOK_MESSAGES.importEmpty })
    .min(1, PHONEBOOK_MESSAGES.importEmpty)
    .max(MAX_IMPORT_ROWS, PHONEBOOK_MESSAGES.importTooMany),
});
export type BulkImportBody = z.input<typeof bulkImportBodySchema>;

export const importErrorSchema = z.object({
  row: z.number().int(),
  phone_number: z.string(),
  message: z.string(),
});
export type ImportError = z.infer<typeof importErrorSchema>;

/** Duplicates (within the request or of contacts already saved) are in `errors` and counted in `skipped_duplicates`. */
export const bulkImportResponseSchema = z.object({
  imported: z.number().int(),
  errors: z.array(importErrorSchema),
  skipped_duplicates: z.number().int(),
});
export type BulkImportResponse = z.infer<typeof bulkImportResponseSchema>;

/** A column of the uploaded file (0-based), as a query parameter. */
const columnParam = z.coerce.number().int().min(0).max(MAX_CSV_COLUMNS - 1);
const DELIMITERS = { comma: ',', semicolon: ';', tab: '\t' } as const;

/**
 * The query of `POST /api/phonebooks/:id/entries/import`, whose body is the CSV file itself:
 * which column holds what (email and notes may be left out), whether the first row is a header,
 * the delimiter by name (a tab or semicolon is awkward in a URL) and the file's encoding.
 */
export const streamImportQuerySchema = z.strictObject({
  name: columnParam,
  phone_number: columnParam,
  email: columnParam.optional(),
  notes: columnParam.optional(),
  header: z.enum(['true', 'false']).default('false').transform((v) => v === 'true'),
  delimiter: z.enum(['comma', 'semicolon', 'tab']).default('comma').transform((v) => DELIMITERS[v]),
  encoding: z.enum(['utf-8', 'windows-1250']).default('utf-8'),
});
export type StreamImportQuery = z.input<typeof streamImportQuerySchema>;
export type StreamImportOptions = z.output<typeof streamImportQuerySchema>;
export const delimiterParam = (delimiter: ',' | ';' | '\t') =>
  (Object.keys(DELIMITERS) as (keyof typeof DELIMITERS)[]).find((k) => DELIMITERS[k] === delimiter)!;

/**
 * The bulk reply, plus the count of every problem row: `errors` lists the first
 * MAX_REPORTED_IMPORT_ERRORS (contacts-import.ts) of them in line order, and `errors_capped` says the list stopped there.
 */
export const streamImportResponseSchema = bulkImportResponseSchema.extend({
  error_count: z.number().int(),
  errors_capped: z.boolean(),
});
export type StreamImportResponse = z.infer<typeof streamImportResponseSchema>;
