// RFC 4180 records from text that arrives in pieces: the browser's whole-file preview and the
// server's streamed upload read CSV with this one reader, so a file means the same on both sides.
// Pure: text in, records out; decoding bytes and reading streams belong to the callers.

export type Delimiter = ',' | ';' | '\t';

export interface CsvRecord {
  /** 1-based line on which the record starts. */
  line: number;
  cells: string[];
}

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
  private quoted = false;
  /** A quote was read inside a quoted field: the next character says whether it was an escape. */
  private quoteSeen = false;
  /** The last character was a CR (its LF, if one comes, belongs to the same line break). */
  private afterCr = false;
  private started = false;
  private line = 1;
  private recordLine = 1;
  private out: CsvRecord[] = [];

  constructor(delimiter: Delimiter) {
    this.delimiter = delimiter.charCodeAt(0);
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
          if (this.quoted && !this.quoteSeen) this.cell += '\n';
          i++;
          continue;
        }
      }
      if (this.quoteSeen) {
        this.quoteSeen = false;
        if (c === QUOTE) {
          this.cell += '"';
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
        if (j > i) this.cell += input.slice(i, j);
        if (j === n) break;
        const d = input.charCodeAt(j);
        if (d === QUOTE) this.quoteSeen = true;
        else {
          this.line++;
          this.cell += d === CR ? '\r' : '\n';
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
      if (j > i) this.cell += input.slice(i, j);
      if (j === n) break;
      const d = input.charCodeAt(j);
      if (d === QUOTE) {
        if (this.cell.trim() === '') {
          this.cell = '';
          this.quoted = true;
        } else this.cell += '"';
      } else if (d === this.delimiter) {
        this.cells.push(this.cell);
        this.cell = '';
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
  }

  private take(): CsvRecord[] {
    const records = this.out;
    this.out = [];
    return records;
  }
}

/** A whole text at once. */
export function parseCsvText(text: string, delimiter: Delimiter): CsvRecord[] {
  const reader = new CsvReader(delimiter);
  return [...reader.push(text), ...reader.end()];
}
