// The bytes of a CSV upload, kept on disk between receiving the upload and importing it: the whole
// upload is received (at the client's pace, under deadlines: csv-upload.ts) before the import's
// transaction opens, and up to 100 MB must not sit in memory meanwhile. Then the import reads the
// file back, at the server's pace, inside its transaction (contacts-import.service.ts).
// One temporary file in os.tmpdir(), created for this upload alone (readable by this user only),
// whose name is removed as soon as it is open: the data then lives only as long as the handle, so
// the space is given back when the import ends however it ends, or when the process does. Where a
// system refuses to remove an open file's name, the name is removed when the spool is closed.
import { randomUUID } from 'node:crypto';
import { open, rm, unlink, type FileHandle } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/** The start of a spool file's name (with the process id after it). */
export const SPOOL_PREFIX = 'kurir-import-spool-';

/** The size of a chunk read back: what an upload's chunk is, about 1 400 contacts. */
export const SPOOL_READ_BYTES = 64 * 1024;

export class ImportSpool {
  /** Bytes written so far. */
  private size = 0;
  private closed = false;

  private constructor(
    private readonly handle: FileHandle,
    /** The name still to remove at close, when it could not be removed at once. */
    private readonly name: string | null,
  ) {}

  static async open(): Promise<ImportSpool> {
    const name = path.join(os.tmpdir(), `${SPOOL_PREFIX}${process.pid}-${randomUUID()}`);
    // 'wx': a new file, never one (or a link) already there.
    const handle = await open(name, 'wx+', 0o600);
    try {
      await unlink(name);
      return new ImportSpool(handle, null);
    } catch {
      return new ImportSpool(handle, name);
    }
  }

  get bytes(): number {
    return this.size;
  }

  /** Appends a chunk of the upload. */
  async write(chunk: Uint8Array): Promise<void> {
    for (let done = 0; done < chunk.length; ) {
      const { bytesWritten } = await this.handle.write(chunk, done, chunk.length - done, this.size + done);
      done += bytesWritten;
    }
    this.size += chunk.length;
  }

  /**
   * What was written, in chunks of `chunkBytes`, from the start; the next chunk is read while the
   * caller works on one.
   */
  async *chunks(chunkBytes = SPOOL_READ_BYTES): AsyncGenerator<Buffer> {
    const end = this.size;
    const readAt = (at: number) => this.readAt(Buffer.allocUnsafe(Math.min(chunkBytes, end - at)), at);
    let next = end > 0 ? readAt(0) : null;
    try {
      for (let at = 0; next; ) {
        const chunk = await next;
        at += chunk.length;
        next = at < end ? readAt(at) : null;
        // Awaited at the next turn, or in `finally` when the caller stops early.
        next?.catch(() => undefined);
        yield chunk;
      }
    } finally {
      // Stopped early (the import failed): the read in flight ends before the file may be closed.
      await next?.catch(() => undefined);
    }
  }

  private async readAt(buffer: Buffer, position: number): Promise<Buffer> {
    for (let done = 0; done < buffer.length; ) {
      const { bytesRead } = await this.handle.read(buffer, done, buffer.length - done, position + done);
      if (bytesRead === 0) throw new Error('import spool: the file ended before what was written to it');
      done += bytesRead;
    }
    return buffer;
  }

  /** Gives the space back. Safe to call more than once. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    try {
      await this.handle.close();
    } finally {
      if (this.name) await rm(this.name, { force: true });
    }
  }
}
