// RFC 4180 records from text that arrives in pieces: the browser's whole-file preview and the
// server's streamed upload read CSV with this one reader, so a file means the same on both sides.
// Pure: text in, records out; decoding bytes and reading streams belong to the callers.
// A record is bounded (columns and characters), so a stream's reader holds at most one record's
// worth however the text runs on: a file of nothing but delimiters, or a quote never closed, is
// refused with a CsvLimitError that says which line, instead of growing without end.

export type Delimiter = ',' | ';' | '\t';

export interface CsvRecord {
  /** 1-based line on which the record starts. */
  line: number;
  cells: string[];
}

/** The most columns one record may have (a column mapping picks from 0 to 999). */
export const MAX_CSV_COLUMNS = 1000;
/** The most characters one record may hold: far more than a contact's name, number, e-mail and notes. */
export const MAX_CSV_RECORD_CHARS = 64 * 1024;

export interface CsvLimits {
  columns: number;
  recordChars: number;
}

export const CSV_LIMITS: CsvLimits = { columns: MAX_CSV_COLUMNS, recordChars: MAX_CSV_RECORD_CHARS };

/** A record over CsvLimits: its message is for people, its code stable. */
export class CsvLimitError extends Error {
  constructor(
    readonly code: 'csv_too_many_columns' | 'csv_record_too_long',
    message: string,
  ) {
    super(message);
    this.name = 'CsvLimitError';
  }
}

const tooManyColumns = (line: number, max: number) =>
  new CsvLimitError('csv_too_many_columns', `Line ${line} has more than ${max.toLocaleString('en')} columns. Check the file's delimiter.`);
const recordTooLong = (line: number, max: number) =>
  new CsvLimitError(
    'csv_record_too_long',
    `Line ${line} is longer than ${max.toLocaleString('en')} characters. A quote that is never closed joins the rest of the file into one line; check the file's quotes.`,
  );

const QUOTE = 0x22;
const CR = 0x0d;
const LF = 0x0a;

/**
 * Quoted fields may hold delimiters, line breaks and doubled quotes; CRLF, LF and CR all end a
 * record; a leading byte-order mark is ignored; blank records are dropped. A quote opens a field
 * only at its start (spaces before it allowed, as in `a, "b, c"`); elsewhere it is kept as typed.
 *
 * A piece may end anywhere — inside a quoted field, between the two quotes of an escape, or
 * between the CR and LF of one line break — so the reader keeps those cases as state instead of
 * looking ahead.
 */
export class CsvReader {
  private readonly delimiter: number;
  private cells: string[] = [];
  private cell = '';
  /** Characters of the record's completed cells (the one being read is `cell`). */
  private recordChars = 0;
  private quoted = false;
  /** A quote was read inside a quoted field: the next character says whether it was an escape. */
  private quoteSeen = false;
  /** The last character was a CR (its LF, if one comes, belongs to the same line break). */
  private afterCr = false;
  private started = false;
  private line = 1;
  private recordLine = 1;
  private out: CsvRecord[] = [];

  constructor(
    delimiter: Delimiter,
    private readonly limits: CsvLimits = CSV_LIMITS,
  ) {
    this.delimiter = delimiter.charCodeAt(0);
  }

  /** Appends to the current cell, within the record's character limit. */
  private append(text: string) {
    if (this.recordChars + this.cell.length + text.length > this.limits.recordChars) {
      throw recordTooLong(this.recordLine, this.limits.recordChars);
    }
    this.cell += text;
  }

  /** Ends the current cell, within the record's column limit. */
  private endCell() {
    if (this.cells.length + 1 >= this.limits.columns) throw tooManyColumns(this.recordLine, this.limits.columns);
    this.recordChars += this.cell.length;
    this.cells.push(this.cell);
    this.cell = '';
  }

  /** Reads the next piece of text; returns the records it completed. */
  push(text: string): CsvRecord[] {
    let input = text;
    if (!this.started && input.length > 0) {
      this.started = true;
      if (input.charCodeAt(0) === 0xfeff) input = input.slice(1);
    }
    const n = input.length;
    let i = 0;
    while (i < n) {
      const c = input.charCodeAt(i);
      if (this.afterCr) {
        this.afterCr = false;
        if (c === LF) {
          if (this.quoted && !this.quoteSeen) this.append('\n');
          i++;
          continue;
        }
      }
      if (this.quoteSeen) {
        this.quoteSeen = false;
        if (c === QUOTE) {
          this.append('"');
          i++;
          continue;
        }
        this.quoted = false; // that quote closed the field; read c as outside quotes
      }
      if (this.quoted) {
        // A run of ordinary characters in one slice: most fields have no quote or line break.
        let j = i;
        while (j < n) {
          const d = input.charCodeAt(j);
          if (d === QUOTE || d === CR || d === LF) break;
          j++;
        }
        if (j > i) this.append(input.slice(i, j));
        if (j === n) break;
        const d = input.charCodeAt(j);
        if (d === QUOTE) this.quoteSeen = true;
        else {
          this.line++;
          this.append(d === CR ? '\r' : '\n');
          if (d === CR) this.afterCr = true;
        }
        i = j + 1;
        continue;
      }
      let j = i;
      while (j < n) {
        const d = input.charCodeAt(j);
        if (d === this.delimiter || d === QUOTE || d === CR || d === LF) break;
        j++;
      }
      if (j > i) this.append(input.slice(i, j));
      if (j === n) break;
      const d = input.charCodeAt(j);
      if (d === QUOTE) {
        if (this.cell.trim() === '') {
          this.cell = '';
          this.quoted = true;
        } else this.append('"');
      } else if (d === this.delimiter) {
        this.endCell();
      } else {
        this.endRecord();
        this.line++;
        this.recordLine = this.line;
        if (d === CR) this.afterCr = true;
      }
      i = j + 1;
    }
    return this.take();
  }

  /** The end of the text: the last record, even without a line break or with an open quote. */
  end(): CsvRecord[] {
    this.quoteSeen = false;
    if (this.cell !== '' || this.cells.length > 0) this.endRecord();
    return this.take();
  }

  private endRecord() {
    this.cells.push(this.cell);
    if (this.cells.some((c) => c.trim() !== '')) this.out.push({ line: this.recordLine, cells: this.cells });
    this.cells = [];
    this.cell = '';
    this.recordChars = 0;
  }

  private take(): CsvRecord[] {
    const records = this.out;
    this.out = [];
    return records;
  }
}

/**
 * A whole text at once (the browser's text area and file preview). The text is already held, so
 * the limits that keep a stream's reader small would only refuse in the browser what the server
 * judges anyway (a file's upload is read with them); pasted text is not held to them.
 */
export function parseCsvText(text: string, delimiter: Delimiter): CsvRecord[] {
  const reader = new CsvReader(delimiter, { columns: Number.POSITIVE_INFINITY, recordChars: Number.POSITIVE_INFINITY });
  return [...reader.push(text), ...reader.end()];
}
