// libphonenumber's check of an import's numbers, on a thread of its own. Checking the numbers is
// the largest part of what a large import costs this process's one thread (2.7–3.8 s of the 5–7
// s of CPU that 500 000 rows take; bench/README.md, import-stream), and on PGlite that thread also
// runs the database. So the import asks this worker about the numbers of the next pieces while it
// checks and writes the current one.
// The answers are core's own isPossibleNumber, the same function the import would call here; a
// number the worker was not asked about, and every number while the worker is starting or after
// it failed, is checked on the import's thread as before. So the worker changes how fast an
// import goes, never what it decides.
import { Worker } from 'node:worker_threads';
import { phoneToCheck, type ContactInput } from '@kurir/core';

/** Answers by number, for the pieces the worker checked; null: check them on this thread. */
export type PossibleAnswers = Map<string, boolean> | null;

/**
 * An idle worker is stopped after this long: its thread holds about 50 MB (measured), and the
 * next large import starts it again (checking here meanwhile, ~0.3 s).
 */
const IDLE_STOP_MS = 60_000;

export class PossibleNumbers {
  /**
   * Referenced (keeping the process alive) only while it starts or has questions to answer: an
   * idle worker does not hold up a process that is done.
   */
  private worker: Worker | null = null;
  private ready: Promise<boolean> | null = null;
  private isReady = false;
  /** Set when the worker could not start: no import tries again (a broken install, not load). */
  private unavailable = false;
  private idleTimer: NodeJS.Timeout | null = null;
  private nextId = 0;
  private readonly pending = new Map<number, { phones: string[]; resolve: (answers: PossibleAnswers) => void }>();
  /** Numbers the worker has answered for (tests read it to know the worker did the work). */
  answered = 0;

  /**
   * The worker's answers for these contacts' numbers. Resolves null (never rejects) when it is not
   * running yet (the first call starts it), or stops before answering.
   */
  ask(inputs: readonly ContactInput[]): Promise<PossibleAnswers> {
    if (!this.isReady) {
      this.start();
      return Promise.resolve(null);
    }
    const phones = inputs.map((input) => phoneToCheck(input.phone_number));
    const id = this.nextId++;
    return new Promise((resolve) => {
      // Held while it has work: whoever awaits the answer keeps the process alive through it.
      if (this.pending.size === 0) this.worker!.ref();
      if (this.idleTimer) clearTimeout(this.idleTimer);
      this.pending.set(id, { phones, resolve });
      this.worker!.postMessage({ id, phones });
    });
  }

  /** Starts the worker if it is not running; resolves whether it is ready. */
  start(): Promise<boolean> {
    if (this.unavailable) return Promise.resolve(false);
    this.ready ??= new Promise((resolve) => {
      const worker = new Worker(new URL('./possible-numbers.worker.mjs', import.meta.url));
      worker.on('message', (message: { ready: true } | { id: number; possible: Uint8Array }) => {
        if ('ready' in message) {
          this.isReady = true;
          this.idle(worker);
          resolve(true);
          return;
        }
        const asked = this.pending.get(message.id);
        if (!asked) return;
        this.pending.delete(message.id);
        if (this.pending.size === 0) this.idle(worker);
        const answers = new Map<string, boolean>();
        asked.phones.forEach((phone, i) => answers.set(phone, message.possible[i] === 1));
        this.answered += asked.phones.length;
        asked.resolve(answers);
      });
      worker.on('error', () => undefined); // 'exit' follows and says what matters
      worker.on('exit', () => {
        if (!this.isReady) this.unavailable = true;
        this.worker = null;
        this.ready = null;
        this.isReady = false;
        for (const asked of this.pending.values()) asked.resolve(null);
        this.pending.clear();
        resolve(false);
      });
      this.worker = worker;
    });
    return this.ready;
  }

  /** Nothing to answer: the worker no longer keeps the process alive, and stops if it stays idle. */
  private idle(worker: Worker): void {
    worker.unref();
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = setTimeout(() => void worker.terminate(), IDLE_STOP_MS).unref();
  }

  /** Stops the worker; what it was asked resolves null and is checked on the asking thread. */
  async stop(): Promise<void> {
    await this.worker?.terminate();
  }
}

/** The process's worker, shared by its imports. */
export const possibleNumbers = new PossibleNumbers();
