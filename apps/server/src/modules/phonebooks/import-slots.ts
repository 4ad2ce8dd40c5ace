// Who may import a CSV file now (POST /api/phonebooks/:id/entries/import). An import holds a
// socket and a temporary file of up to 100 MB while it is uploaded (import-spool.ts), then a
// database connection for its transaction: uploads side by side, from one customer or a few, could
// fill the disk and take the descriptors and the pool. So each customer has one import at a time
// (a second is a 409 while the first runs), and this process at most MAX_CONCURRENT_IMPORTS (past
// that, a 503 with Retry-After). Refused before a byte of the upload is read or a file is opened.
// Counted in this process's memory, as the spool's own limits are: with several instances behind
// a balancer, each has its own count (a customer could run one import on each).
import { AppError, conflict } from '../../lib/errors';

/**
 * 400 MB of temporary files at most, and 4 of the default pool's 10 connections (on PGlite the
 * transactions take its one connection in turn, so more would only queue).
 */
export const MAX_CONCURRENT_IMPORTS = 4;
/** An upload of 23 MB takes seconds on a good link; a minute sees most imports through. */
export const IMPORTS_BUSY_RETRY_SECONDS = 60;

// Words of our own: the spec has no text for these (its import failures are shown as 'HTTP {status}: {message}').
export const IMPORT_SLOT_MESSAGES = {
  alreadyRunning: 'An import is already running. Wait for it to finish, then try again.',
  busy: 'Too many imports are running. Try again in a minute.',
} as const;

export const importAlreadyRunning = () => conflict(IMPORT_SLOT_MESSAGES.alreadyRunning, 'import_already_running');
export const importsBusy = () => new AppError(503, 'imports_busy', IMPORT_SLOT_MESSAGES.busy, { retryAfter: IMPORTS_BUSY_RETRY_SECONDS });

export class ImportSlots {
  /** The customers whose import runs now: one each, so also how many run. */
  private readonly running = new Set<string>();

  /** `limit`: imports at once in this process; a test may lower it for a while. */
  constructor(public limit: number) {}

  /**
   * Runs `work` as the customer's one import, or refuses at once (409, 503) without calling it.
   * The slot is given back however `work` ends: its reply, a 4xx, the client gone, an error.
   */
  async hold<T>(userId: string, work: () => Promise<T>): Promise<T> {
    if (this.running.has(userId)) throw importAlreadyRunning();
    if (this.running.size >= this.limit) throw importsBusy();
    this.running.add(userId);
    try {
      return await work();
    } finally {
      this.running.delete(userId);
    }
  }
}

/** The import route's slots, one set for the whole process. */
export const importSlots = new ImportSlots(MAX_CONCURRENT_IMPORTS);
