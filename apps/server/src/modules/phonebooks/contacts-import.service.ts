// Bulk import into a phonebook, whether the contacts come as one JSON list (the bulk route, the
// public API) or as a CSV file (csv-upload.ts: received whole into a temporary file first, then
// read back here): every row checked with the same core rules the browser used for its preview,
// then the valid rows written in batches inside ONE transaction (all or nothing), the checks of
// the next batch overlapping the insert of the last. Rows that fail, and numbers already present,
// are reported by line. Nothing but the current batches and the numbers seen so far is held, so a
// million-row file costs the memory of its numbers, not of its rows.
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
 * Checks and writes contacts that arrive in pieces (a piece is whatever the source has at hand: a
 * chunk of a file, or a whole JSON list), in ONE transaction (all or nothing) that locks the
 * phonebook first. While one batch is being inserted the next is checked, so on PostgreSQL the
 * checks (libphonenumber's on the worker thread) and the database's work overlap. A failure
 * anywhere — a statement, the source (a file past a limit, not CSV) — rolls back every row.
 * The source must never wait for a client: a CSV upload is received whole into a temporary file
 * before this is called (phonebooks.routes.ts), and a JSON list is read by Fastify before the
 * handler runs, so the transaction lasts as long as the server's own work.
 */
export async function importContactInputs(
  db: DbOrTx,
  userId: string,
  phonebookId: string,
  pieces: AsyncIterable<readonly ContactInput[]> | Iterable<readonly ContactInput[]>,
  limits: ImportLimits,
): Promise<StreamImportResponse> {
  return db.transaction(async (tx) => {
    // FOR UPDATE: every other write of this phonebook's contacts waits for the import's end, so
    // the numbers it holds are known here, and a phonebook that holds none needs no lookups.
    if (!(await lockPhonebook(tx, userId, phonebookId, 'update'))) throw phonebookNotFound();
    await planKeyChecksOnce(tx);
    const hadEntries = await hasEntries(tx, phonebookId);
    // The worker's answers for the piece at hand; a number it was not asked about is checked here.
    let answers: PossibleAnswers = null;
    const check = createImportChecker((phone) => answers?.get(phone) ?? isPossibleNumber(phone));
    // The rows the checks refused (repeats within the import among them), and the numbers the
    // phonebook held before.
    const problems = new ErrorTally(limits.maxErrors);
    const present = new ErrorTally(limits.maxErrors);
    let contacts = 0;
    let valid = 0;
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

    // The batch being filled, and the one being written meanwhile.
    let batch: ContactCheck[] = [];
    let writing: Promise<void> = Promise.resolve();
    const flush = async () => {
      const rows = batch;
      batch = [];
      await writing;
      writing = write(rows);
      // Awaited at the next flush or at the end; until then a failure must not count as unhandled.
      writing.catch(() => undefined);
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
            if (batch.length >= limits.batchRows) await flush();
          } else {
            problems.add(toError(c, c.error));
            if (c.duplicate) problems.duplicates++;
          }
        }
      }
      if (batch.length > 0) await flush();
      await writing;
    } catch (error) {
      // The rollback must wait for the statement in flight, on the same connection.
      await writing.catch(() => undefined);
      throw error;
    }

    if (contacts === 0) throw badRequest(PHONEBOOK_MESSAGES.importEmpty, 'import_empty');
    // A file whose every row is a repeat of a valid one still had valid data; only "nothing
    // readable at all" is the spec's error. (Nothing was written: there was no valid row.)
    if (valid === 0) {
      throw new AppError(400, 'no_valid_contacts', PHONEBOOK_MESSAGES.importNoValid, {
        errors: problems.listed,
        error_count: problems.count,
        errors_capped: problems.count > problems.listed.length,
      });
    }
    // Both lists are in line order for a file (a JSON list's lines may come in any order); the
    // reply lists the first of them all, in line order.
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
 * the rest and writes. The rows left over at the end (all of a short import) are checked here.
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
