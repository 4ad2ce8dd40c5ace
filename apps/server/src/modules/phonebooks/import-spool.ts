// The checked rows of a CSV upload, kept on disk between reading the upload and writing the rows:
// the whole file is read and checked before the import's transaction opens
// (contacts-import.service.ts), and a million rows must not sit in memory meanwhile. One temporary
// file in os.tmpdir(), created for this upload alone (readable by this user only), whose name is
// removed as soon as it is open: the data then lives only as long as the handle, so the space is
// given back when the import ends however it ends, or when the process does. Where a system
// refuses to remove an open file's name, the name is removed when the spool is closed.
//
// Each batch is one record: its length (4 bytes) and the batch's rows as [line, name, number,
// email, notes] in V8's serialisation (strings as they are, no escaping: a record is never much
// larger than the text it came from).
import { randomUUID } from 'node:crypto';
import { open, rm, unlink, type FileHandle } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import v8 from 'node:v8';
import type { ContactCheck } from '@kurir/core';
import type { CheckedBatches } from './contacts-import.service';

/** The start of a spool file's name (with the process id after it). */
export const SPOOL_PREFIX = 'kurir-import-spool-';

type Row = [row: number, name: string, phone_number: string, email: string, notes: string];

export class ImportSpool implements CheckedBatches {
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

  async add(batch: readonly ContactCheck[]): Promise<void> {
    const rows = batch.map((c): Row => [c.row, c.name, c.phone_number, c.email, c.notes]);
    const body = v8.serialize(rows);
    const record = Buffer.allocUnsafe(4 + body.length);
    record.writeUInt32LE(body.length, 0);
    body.copy(record, 4);
    for (let done = 0; done < record.length; ) {
      const { bytesWritten } = await this.handle.write(record, done, record.length - done, this.size + done);
      done += bytesWritten;
    }
    this.size += record.length;
  }

  /** The batches in the order they were added; the next is read while the caller works on one. */
  async *read(): AsyncGenerator<ContactCheck[]> {
    const head = Buffer.allocUnsafe(4);
    for (let at = 0; at < this.size; ) {
      await this.readAt(head, at);
      const body = Buffer.allocUnsafe(head.readUInt32LE(0));
      await this.readAt(body, at + 4);
      at += 4 + body.length;
      yield (v8.deserialize(body) as Row[]).map(([row, name, phone_number, email, notes]) => ({ row, name, phone_number, email, notes }));
    }
  }

  private async readAt(buffer: Buffer, position: number) {
    for (let done = 0; done < buffer.length; ) {
      const { bytesRead } = await this.handle.read(buffer, done, buffer.length - done, position + done);
      if (bytesRead === 0) throw new Error('import spool: the file ended before its last batch');
      done += bytesRead;
    }
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
