// Bulk import into a phonebook, whether the contacts come as one JSON list (the bulk route, the
// public API) or as a CSV file streamed from the upload (csv-upload.ts): every row checked with the
// same core rules the browser used for its preview, as it arrives, and the valid rows kept in
// batches (in memory for a list, in a temporary file for a file: import-spool.ts); only once the
// source has been read whole are they written, inside ONE transaction (all or nothing), so the
// client's pace never holds a connection or a lock. Rows that fail, and numbers already present,
// are reported by line. A file's rows are not held in memory: a million-row file costs the memory
// of its numbers (the checks' repeat map) and of a batch.
import {
  CONTACT_MESSAGES,
  PHONEBOOK_MESSAGES,
  createImportChecker,
  isPossibleNumber,
  type BulkImportResponse,
  type ContactCheck,
  type ContactInput,
  type ImportError,
  type StreamImportResponse,
} from '@kurir/core';
import { planKeyChecksOnce, type DbOrTx } from '../../db/client';
import { AppError, badRequest } from '../../lib/errors';
import { existingNumbers, hasEntries, importEntries, lockPhonebook, type NewEntry } from './phonebooks.repo';
import { phonebookNotFound } from './phonebooks.service';
import { possibleNumbers, type PossibleAnswers, type PossibleNumbers } from './possible-numbers';

export const IMPORT_CHUNK_ROWS = 1000;

/**
 * The worker (possible-numbers.ts) checks the numbers of this many contacts at a time: a round
 * trip costs about what a few numbers do, and an import shorter than this is checked here.
 */
const WORKER_PIECE_ROWS = 1000;
/** Pieces whose numbers the worker is checking ahead of the one being checked and written here. */
const PIECES_AHEAD = 2;

export interface ImportEntry {
  name?: string | null;
  phone_number?: string | null;
  email?: string | null;
  notes?: string | null;
  row?: number;
}

export interface ImportLimits {
  /** Rows per INSERT statement. */
  batchRows: number;
  /** How many problem rows the reply lists (all are counted). */
  maxErrors: number;
}

/** The JSON bulk import: at most MAX_IMPORT_ROWS entries, every problem row listed. */
export async function importContacts(
  db: DbOrTx,
  userId: string,
  phonebookId: string,
  entries: readonly ImportEntry[],
): Promise<BulkImportResponse> {
  const inputs = entries.map((e, index) => ({
    row: e.row ?? index + 1,
    name: e.name ?? '',
    phone_number: e.phone_number ?? '',
    email: e.email ?? '',
    notes: e.notes ?? '',
  }));
  const result = await importContactInputs(db, userId, phonebookId, [inputs], {
    batchRows: IMPORT_CHUNK_ROWS,
    maxErrors: Number.POSITIVE_INFINITY,
  });
  // Entries may come with line numbers in any order; the list reads in line order (so sorted).
  return { imported: result.imported, errors: result.errors, skipped_duplicates: result.skipped_duplicates };
}

/** Problem rows: the first `max` kept for the reply, all of them counted. */
class ErrorTally {
  readonly listed: ImportError[] = [];
  count = 0;
  duplicates = 0;
  constructor(private readonly max: number) {}

  add(error: ImportError) {
    this.count++;
    if (this.listed.length < this.max) this.listed.push(error);
  }
}

const toError = (c: ContactCheck, message: string): ImportError => ({ row: c.row, phone_number: c.phone_number, message });

/**
 * Where the valid contacts wait, in batches, between being checked and being written: in memory
 * for a JSON list (it is in memory already), in a temporary file for an uploaded CSV (ImportSpool).
 */
export interface CheckedBatches {
  add(batch: readonly ContactCheck[]): Promise<void> | void;
  read(): AsyncIterable<readonly ContactCheck[]> | Iterable<readonly ContactCheck[]>;
}

export function keptInMemory(): CheckedBatches {
  const batches: (readonly ContactCheck[])[] = [];
  return { add: (batch) => void batches.push(batch), read: () => batches };
}

interface CheckedImport {
  /** Contacts read (blank lines aside). */
  contacts: number;
  valid: number;
  /** The rows the checks refused, repeats within the import among them. */
  problems: ErrorTally;
}

/**
 * Checks and writes contacts that arrive in pieces (a piece is whatever the source has at hand: a
 * chunk of a file, or a whole JSON list), in two steps. First every piece is read and checked,
 * with no database connection held: the valid contacts go to `batches` in batches of `batchRows`,
 * so an upload that comes slowly (or stops) holds a socket and a file, never a connection or a
 * lock. Then ONE transaction locks the phonebook and writes the batches; a failure anywhere — a
 * statement, the source (an upload cut off, too slow, over its limit) — leaves no row behind.
 */
export async function importContactInputs(
  db: DbOrTx,
  userId: string,
  phonebookId: string,
  pieces: AsyncIterable<readonly ContactInput[]> | Iterable<readonly ContactInput[]>,
  limits: ImportLimits,
  batches: CheckedBatches = keptInMemory(),
): Promise<StreamImportResponse> {
  const checked = await checkContactInputs(pieces, limits, batches);
  if (checked.contacts === 0) throw badRequest(PHONEBOOK_MESSAGES.importEmpty, 'import_empty');
  // A file whose every row is a repeat of a valid one still had valid data; only "nothing
  // readable at all" is the spec's error.
  if (checked.valid === 0) {
    const { problems } = checked;
    throw new AppError(400, 'no_valid_contacts', PHONEBOOK_MESSAGES.importNoValid, {
      errors: problems.listed,
      error_count: problems.count,
      errors_capped: problems.count > problems.listed.length,
    });
  }
  return writeCheckedContacts(db, userId, phonebookId, checked, batches, limits);
}

/** The first step: every contact checked, the valid ones stored in batches. No database. */
async function checkContactInputs(
  pieces: AsyncIterable<readonly ContactInput[]> | Iterable<readonly ContactInput[]>,
  limits: ImportLimits,
  batches: CheckedBatches,
): Promise<CheckedImport> {
  // The worker's answers for the piece at hand; a number it was not asked about is checked here.
  let answers: PossibleAnswers = null;
  const check = createImportChecker((phone) => answers?.get(phone) ?? isPossibleNumber(phone));
  const problems = new ErrorTally(limits.maxErrors);
  let contacts = 0;
  let valid = 0;
  let batch: ContactCheck[] = [];
  // The batch being stored while the next is checked.
  let storing: Promise<void> = Promise.resolve();
  const store = async () => {
    const rows = batch;
    batch = [];
    await storing;
    storing = Promise.resolve(batches.add(rows));
    // Awaited at the next store or at the end; until then a failure must not count as unhandled.
    storing.catch(() => undefined);
  };

  try {
    for await (const { piece, possible } of withPossibleNumbers(pieces, possibleNumbers)) {
      answers = possible;
      for (const input of piece) {
        const c = check(input);
        if (!c) continue;
        contacts++;
        if (!c.error) {
          valid++;
          batch.push(c);
          if (batch.length >= limits.batchRows) await store();
        } else {
          problems.add(toError(c, c.error));
          if (c.duplicate) problems.duplicates++;
        }
      }
    }
    if (batch.length > 0) await store();
    await storing;
  } catch (error) {
    await storing.catch(() => undefined);
    throw error;
  }
  return { contacts, valid, problems };
}

/**
 * The second step, in ONE transaction: the phonebook locked, then the stored batches written, the
 * next read while one is inserted.
 */
async function writeCheckedContacts(
  db: DbOrTx,
  userId: string,
  phonebookId: string,
  checked: CheckedImport,
  batches: CheckedBatches,
  limits: ImportLimits,
): Promise<StreamImportResponse> {
  return db.transaction(async (tx) => {
    // FOR UPDATE: every other write of this phonebook's contacts waits for the import's end, so
    // the numbers it holds are known here, and a phonebook that holds none needs no lookups.
    if (!(await lockPhonebook(tx, userId, phonebookId, 'update'))) throw phonebookNotFound();
    await planKeyChecksOnce(tx);
    const hadEntries = await hasEntries(tx, phonebookId);
    // Numbers the phonebook held before; repeats within the import were caught by the checks.
    const present = new ErrorTally(limits.maxErrors);
    let imported = 0;

    const write = async (rows: readonly ContactCheck[]) => {
      const existing = hadEntries ? await existingNumbers(tx, phonebookId, rows.map((c) => c.phone_number)) : new Set<string>();
      const fresh = existing.size === 0 ? rows : rows.filter((c) => !existing.has(c.phone_number));
      await importEntries(tx, userId, phonebookId, fresh.map(toNewEntry));
      imported += fresh.length;
      if (existing.size > 0) {
        for (const c of rows) if (existing.has(c.phone_number)) present.add(toError(c, CONTACT_MESSAGES.duplicateExisting));
        present.duplicates += rows.length - fresh.length;
      }
    };

    let writing: Promise<void> = Promise.resolve();
    try {
      for await (const rows of batches.read()) {
        await writing;
        writing = write(rows);
        writing.catch(() => undefined);
      }
      await writing;
    } catch (error) {
      // The rollback must wait for the statement in flight, on the same connection.
      await writing.catch(() => undefined);
      throw error;
    }

    // Both lists are in line order for a file (a JSON list's lines may come in any order); the
    // reply lists the first of them all, in line order.
    const { problems } = checked;
    const count = problems.count + present.count;
    const errors = [...problems.listed, ...present.listed].sort((a, b) => a.row - b.row).slice(0, limits.maxErrors);
    return {
      imported,
      errors,
      skipped_duplicates: problems.duplicates + present.duplicates,
      error_count: count,
      errors_capped: count > errors.length,
    };
  });
}

/**
 * The contacts in pieces of WORKER_PIECE_ROWS, each with the worker's answers for its numbers,
 * asked PIECES_AHEAD pieces early so that the worker's thread checks while this one reads, checks
 * the rest and stores the valid rows. The rows left over at the end (all of a short import) are
 * checked here.
 */
async function* withPossibleNumbers(
  pieces: AsyncIterable<readonly ContactInput[]> | Iterable<readonly ContactInput[]>,
  worker: PossibleNumbers,
): AsyncGenerator<{ piece: readonly ContactInput[]; possible: PossibleAnswers }> {
  const ahead: { piece: readonly ContactInput[]; possible: Promise<PossibleAnswers> }[] = [];
  let piece: ContactInput[] = [];
  for await (const arrived of pieces) {
    for (const input of arrived) {
      piece.push(input);
      if (piece.length === WORKER_PIECE_ROWS) {
        ahead.push({ piece, possible: worker.ask(piece) });
        piece = [];
      }
    }
    while (ahead.length > PIECES_AHEAD) {
      const next = ahead.shift()!;
      yield { piece: next.piece, possible: await next.possible };
    }
  }
  for (const next of ahead) yield { piece: next.piece, possible: await next.possible };
  if (piece.length > 0) yield { piece, possible: null };
}

const toNewEntry = (c: ContactCheck): NewEntry => ({
  name: c.name,
  phoneNumber: c.phone_number,
  email: c.email || null,
  notes: c.notes || null,
});
