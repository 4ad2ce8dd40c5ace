// Turning what a customer pastes or uploads into checked contacts, the same way in the browser
// (preview before sending) and on the server (the rule that counts). Pure: no I/O, no XLSX — the
// web reads a workbook into rows of cells and hands them to `recordsFromCells`.
import { normalizePhone } from './phone';
import { isPossibleNumber } from './phone-possible';
import { parseCsvText, type CsvRecord, type Delimiter } from './csv-reader';

export const CONTACT_LIMITS = { name: 100, phone: 40, email: 254, notes: 500, description: 500 } as const;
/** The most contacts one import request may carry. */
export const MAX_IMPORT_ROWS = 50_000;
/** The most contacts one streamed CSV upload may carry (the file is read as it arrives, not held). */
export const MAX_STREAM_IMPORT_ROWS = 1_000_000;
/** The largest CSV upload: a million rows of generous contacts. */
export const MAX_STREAM_IMPORT_BYTES = 100 * 1024 * 1024;
/** A streamed import lists at most this many problem rows; the reply counts them all. */
export const MAX_REPORTED_IMPORT_ERRORS = 1000;
/** A CSV upload that sends nothing for this long is refused (400). */
export const STREAM_IMPORT_IDLE_SECONDS = 30;
/** A CSV upload not received whole within this long is refused (400): 100 MB needs about 350 KB/s. */
export const STREAM_IMPORT_MAX_SECONDS = 5 * 60;

export const CONTACT_MESSAGES = {
  nameRequired: 'Contact name is required',
  nameTooLong: `Name must be ${CONTACT_LIMITS.name} characters or less`,
  phoneRequired: 'Phone number is required',
  phoneCountryCode: 'Phone number must include country code (e.g., +386 or 00386)',
  phoneTooLong: `Phone number must be ${CONTACT_LIMITS.phone} characters or less`,
  emailInvalid: 'Invalid email address',
  notesTooLong: `Notes must be ${CONTACT_LIMITS.notes} characters or less`,
  tooFewFields: 'Each line needs at least a name and a phone number',
  duplicateExisting: 'A contact with this phone number already exists in this phonebook',
} as const;

export const invalidPhoneMessage = (input: string) => `Invalid phone number: ${input}`;
export const duplicateInImportMessage = (firstRow: number) => `Phone number already appears on line ${firstRow}`;

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export interface PhoneRules {
  /**
   * The Add Contact form demands a typed country prefix (+ or 00), as the spec says. An import
   * follows the spec's bulk rule instead — a missing plus is added — because spreadsheets keep
   * phone numbers as numbers and drop the plus; libphonenumber still rejects what cannot exist.
   */
  requirePrefix: boolean;
}

/** Whether a normalised number can exist: libphonenumber's answer (isPossibleNumber), or one given for it. */
export type PossibleNumberCheck = (phone: string) => boolean;

/** The form of a typed number that checkContactPhone asks libphonenumber about. */
export function phoneToCheck(input: string): string {
  return normalizePhone(input.trim());
}

/** The normalised number, or the message to show for the typed one. */
export function checkContactPhone(
  input: string,
  rules: PhoneRules,
  isPossible: PossibleNumberCheck = isPossibleNumber,
): { phone: string } | { error: string } {
  const typed = input.trim();
  if (typed === '') return { error: CONTACT_MESSAGES.phoneRequired };
  if (typed.length > CONTACT_LIMITS.phone) return { error: CONTACT_MESSAGES.phoneTooLong };
  const hasPrefix = typed.startsWith('+') || typed.startsWith('00');
  if (rules.requirePrefix && !hasPrefix) return { error: CONTACT_MESSAGES.phoneCountryCode };
  const phone = phoneToCheck(typed);
  if (isPossible(phone)) return { phone };
  return { error: hasPrefix ? invalidPhoneMessage(typed) : CONTACT_MESSAGES.phoneCountryCode };
}

export function checkContactEmail(input: string): string | null {
  const email = input.trim();
  if (email === '') return null;
  return email.length <= CONTACT_LIMITS.email && EMAIL_PATTERN.test(email) ? null : CONTACT_MESSAGES.emailInvalid;
}

/** One contact as typed: a line of the text area, a row of a file, or an entry of the API. */
export interface ContactInput {
  /** 1-based line (or entry) number, used in every message about this contact. */
  row: number;
  name: string;
  phone_number: string;
  email: string;
  notes: string;
  /** Set by the parsers when a line had fewer than two fields. */
  error?: string;
}

export interface ContactCheck {
  row: number;
  name: string;
  /** Normalised when valid; as typed (trimmed) otherwise, so the customer can find it. */
  phone_number: string;
  email: string;
  notes: string;
  error?: string;
  /** The number is already in this import (or, on the server, in the phonebook). */
  duplicate?: true;
}

export function checkContactInput(input: ContactInput, rules: PhoneRules, isPossible: PossibleNumberCheck = isPossibleNumber): ContactCheck {
  // Runs once per row of an import of up to a million: one object per row and no closures (under
  // tsx every closure made is also named at run time).
  const check: ContactCheck = {
    row: input.row,
    name: input.name.trim(),
    phone_number: input.phone_number.trim(),
    email: input.email.trim(),
    notes: input.notes.trim(),
  };
  const error = input.error || contactError(check, rules, isPossible);
  if (error) check.error = error;
  return check;
}

/** What is wrong with a trimmed contact, or null; a valid one's number is normalised in place. */
function contactError(check: ContactCheck, rules: PhoneRules, isPossible: PossibleNumberCheck): string | null {
  if (check.name === '') return CONTACT_MESSAGES.nameRequired;
  if (check.name.length > CONTACT_LIMITS.name) return CONTACT_MESSAGES.nameTooLong;
  const phone = checkContactPhone(check.phone_number, rules, isPossible);
  if ('error' in phone) return phone.error;
  const emailError = checkContactEmail(check.email);
  if (emailError) return emailError;
  if (check.notes.length > CONTACT_LIMITS.notes) return CONTACT_MESSAGES.notesTooLong;
  check.phone_number = phone.phone;
  return null;
}

const isBlank = (input: ContactInput) =>
  !input.error && input.name.trim() === '' && input.phone_number.trim() === '' && input.email.trim() === '' && input.notes.trim() === '';

/**
 * Checks the contacts of one import one at a time, in order, remembering each valid number's
 * first line: a blank contact gives null (dropped silently), an invalid one carries its message,
 * and a number seen earlier in the same import is marked as a duplicate of that line. What it
 * keeps is one map entry per distinct valid number, so a streamed import of a million rows holds
 * the numbers and nothing else of them.
 */
export function createImportChecker(isPossible: PossibleNumberCheck = isPossibleNumber): (input: ContactInput) => ContactCheck | null {
  // E.164 has at most 15 digits, which a double holds exactly: a number key costs a fraction of
  // a string's memory (measured for 500 000 numbers in bench/history.md, import-stream).
  const firstRowOf = new Map<number | string, number>();
  const keyOf = (phone: string) => (/^\+\d{1,15}$/.test(phone) ? Number(phone.slice(1)) : phone);
  return (input) => {
    if (isBlank(input)) return null;
    const check = checkContactInput(input, { requirePrefix: false }, isPossible);
    if (!check.error) {
      const key = keyOf(check.phone_number);
      const first = firstRowOf.get(key);
      if (first === undefined) firstRowOf.set(key, check.row);
      else Object.assign(check, { error: duplicateInImportMessage(first), duplicate: true });
    }
    return check;
  };
}

/** Checks every contact of one import (see createImportChecker); blank ones are left out. */
export function checkContactImport(inputs: readonly ContactInput[]): ContactCheck[] {
  const check = createImportChecker();
  const checks: ContactCheck[] = [];
  for (const input of inputs) {
    const checked = check(input);
    if (checked) checks.push(checked);
  }
  return checks;
}

// ---------------------------------------------------------------------------------------------
// Delimited text: the text area's `name, phone, email, notes` lines and CSV files.

export { CSV_LIMITS, CsvLimitError, CsvReader, MAX_CSV_COLUMNS, MAX_CSV_RECORD_CHARS, type CsvLimits, type CsvRecord, type Delimiter } from './csv-reader';

/**
 * The delimiter of the first non-blank line, counted outside quotes: a semicolon (European
 * spreadsheets) or a tab (pasted cells) when it is more frequent than the comma, else the comma.
 */
export function detectDelimiter(text: string): Delimiter {
  const counts = { ',': 0, ';': 0, '\t': 0 };
  let quoted = false;
  let seenContent = false;
  for (const ch of stripBom(text)) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === '\n' || ch === '\r')) {
      if (seenContent) break;
    } else if (!quoted && ch in counts) counts[ch as Delimiter]++;
    if (ch.trim() !== '') seenContent = true;
  }
  if (counts[';'] > counts[','] && counts[';'] >= counts['\t']) return ';';
  if (counts['\t'] > counts[',']) return '\t';
  return ',';
}

const stripBom = (text: string) => (text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);

/**
 * A whole delimited text (the text area, or a file read in the browser) → records; the rules are
 * the streaming reader's (`csv-reader.ts`), which the server's upload uses.
 */
export function parseCsv(text: string, delimiter: Delimiter = detectDelimiter(text)): CsvRecord[] {
  return parseCsvText(text, delimiter);
}

/** Rows of cells from a workbook (numbers, dates, empty cells) as records numbered from line 1. */
export function recordsFromCells(rows: readonly (readonly unknown[])[]): CsvRecord[] {
  const records: CsvRecord[] = [];
  rows.forEach((row, index) => {
    const cells = row.map((v) => (v === null || v === undefined ? '' : String(v)));
    if (cells.some((c) => c.trim() !== '')) records.push({ line: index + 1, cells });
  });
  return records;
}

export type ContactField = 'name' | 'phone_number' | 'email' | 'notes';
/** Which column (0-based) holds each field; null when the file has no such column. */
export type ColumnMapping = Record<ContactField, number | null>;

/** The spec's order: name, phone, email, notes. */
export const DEFAULT_MAPPING: ColumnMapping = { name: 0, phone_number: 1, email: 2, notes: 3 };

const HEADER_WORDS: Record<ContactField, readonly string[]> = {
  name: ['name', 'full name', 'fullname', 'contact', 'contact name', 'ime', 'ime in priimek', 'naziv'],
  phone_number: ['phone', 'phone number', 'phone_number', 'phonenumber', 'mobile', 'mobile phone', 'cell',
    'number', 'tel', 'telephone', 'telefon', 'gsm', 'mobitel', 'telefonska številka', 'msisdn'],
  email: ['email', 'e-mail', 'e mail', 'mail', 'email address', 'e-pošta', 'eposta'],
  notes: ['notes', 'note', 'comment', 'comments', 'remarks', 'description', 'opombe', 'opomba'],
};

const headerKey = (cell: string) => cell.trim().toLowerCase().replace(/[_\s]+/g, ' ');

/**
 * Reads a header row when the first record has one (a name and a phone column named as people
 * usually name them); otherwise the spec's column order applies and the first record is data.
 */
export function guessColumnMapping(first: readonly string[] | undefined): { mapping: ColumnMapping; hasHeader: boolean } {
  if (!first) return { mapping: { ...DEFAULT_MAPPING }, hasHeader: false };
  const mapping: ColumnMapping = { name: null, phone_number: null, email: null, notes: null };
  first.forEach((cell, index) => {
    const key = headerKey(cell);
    for (const field of Object.keys(HEADER_WORDS) as ContactField[]) {
      if (mapping[field] === null && HEADER_WORDS[field].some((w) => headerKey(w) === key)) mapping[field] = index;
    }
  });
  if (mapping.name === null || mapping.phone_number === null) return { mapping: { ...DEFAULT_MAPPING }, hasHeader: false };
  return { mapping, hasHeader: true };
}

/**
 * Our CSV export guards cells against formula injection with a leading apostrophe; take it off
 * again so an exported phonebook imports back unchanged.
 */
const unguard = (cell: string) => (/^'[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell);

/** One record → a contact as typed, by the mapping (a record too short for name and phone says so). */
export function recordToContactInput({ line, cells }: CsvRecord, mapping: ColumnMapping): ContactInput {
  const pick = (field: ContactField) => {
    const index = mapping[field];
    return index === null ? '' : unguard(cells[index] ?? '').trim();
  };
  const input: ContactInput = {
    row: line,
    name: pick('name'),
    phone_number: pick('phone_number'),
    email: pick('email'),
    notes: pick('notes'),
  };
  const used = [mapping.name, mapping.phone_number].filter((i): i is number => i !== null);
  if (cells.length <= Math.max(...used)) input.error = CONTACT_MESSAGES.tooFewFields;
  return input;
}

export function recordsToContactInputs(
  records: readonly CsvRecord[],
  mapping: ColumnMapping,
  options: { hasHeader: boolean },
): ContactInput[] {
  const data = options.hasHeader ? records.slice(1) : records;
  return data.map((record) => recordToContactInput(record, mapping));
}

/** A delimited text (the text area or a CSV file) → contacts as typed, header detected. */
export function parseContactText(text: string): ContactInput[] {
  const records = parseCsv(text);
  const { mapping, hasHeader } = guessColumnMapping(records[0]?.cells);
  return recordsToContactInputs(records, mapping, { hasHeader });
}

/** The bulk route's entries for parsed contacts: the fields and line numbers (the server checks them again). */
export const toImportEntries = (inputs: readonly ContactInput[]) =>
  inputs.map(({ row, name, phone_number, email, notes }) => ({ row, name, phone_number, email, notes }));
