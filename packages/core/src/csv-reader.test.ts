import { describe, expect, it } from 'vitest';
import { CsvLimitError, CsvReader, MAX_CSV_COLUMNS, MAX_CSV_RECORD_CHARS, parseCsvText, type CsvRecord, type Delimiter } from './csv-reader';

/** The records of `text` read in pieces cut at the given offsets. */
function readInPieces(text: string, cuts: number[], delimiter: Delimiter = ','): CsvRecord[] {
  const reader = new CsvReader(delimiter);
  const records: CsvRecord[] = [];
  let from = 0;
  for (const cut of [...cuts, text.length]) {
    records.push(...reader.push(text.slice(from, cut)));
    from = cut;
  }
  return [...records, ...reader.end()];
}

const TRICKY = [
  '\uFEFFname,phone\r\n',
  '"Doe, John",+38640111222\r\n',
  '"Say ""hi""","a\r\nb"\n',
  '\r\n',
  '   ,  \n',
  'Ana, "Novak, d.o.o." , +38640111333\r',
  'O"Brien,+38640111444\n',
  '"ends ""quoted""",x',
].join('');

describe('CsvReader', () => {
  it('reads quoted fields, doubled quotes, CRLF / CR / LF, a BOM, and drops blank records', () => {
    expect(parseCsvText(TRICKY, ',')).toEqual([
      { line: 1, cells: ['name', 'phone'] },
      { line: 2, cells: ['Doe, John', '+38640111222'] },
      { line: 3, cells: ['Say "hi"', 'a\r\nb'] },
      { line: 7, cells: ['Ana', 'Novak, d.o.o. ', ' +38640111333'] },
      { line: 8, cells: ['O"Brien', '+38640111444'] },
      { line: 9, cells: ['ends "quoted"', 'x'] },
    ]);
  });

  it('gives the same records wherever the text is cut into pieces (every cut, and every pair of cuts)', () => {
    const whole = parseCsvText(TRICKY, ',');
    for (let a = 0; a <= TRICKY.length; a++) {
      expect(readInPieces(TRICKY, [a]), `cut at ${a}`).toEqual(whole);
      for (let b = a; b <= TRICKY.length; b += 7) expect(readInPieces(TRICKY, [a, b]), `cuts at ${a}, ${b}`).toEqual(whole);
    }
  });

  it('reads one character at a time, the escape and the CRLF split across pieces', () => {
    const text = '"a""b","c\r\nd"\r\ne;f,g\r\n';
    expect(readInPieces(text, Array.from({ length: text.length }, (_, i) => i))).toEqual(parseCsvText(text, ','));
    expect(parseCsvText(text, ',')).toEqual([
      { line: 1, cells: ['a"b', 'c\r\nd'] },
      { line: 3, cells: ['e;f', 'g'] },
    ]);
  });

  it('uses the chosen delimiter only', () => {
    expect(parseCsvText('a;"b;c",d\ne\tf', ';')).toEqual([
      { line: 1, cells: ['a', 'b;c,d'] },
      { line: 2, cells: ['e\tf'] },
    ]);
    expect(parseCsvText('a\t"b\tc"\n', '\t')).toEqual([{ line: 1, cells: ['a', 'b\tc'] }]);
  });

  it('keeps a last record without a line break, and an unterminated quote to the end', () => {
    expect(parseCsvText('a,b', ',')).toEqual([{ line: 1, cells: ['a', 'b'] }]);
    expect(parseCsvText('a,"b\nc', ',')).toEqual([{ line: 1, cells: ['a', 'b\nc'] }]);
    expect(parseCsvText('a,"b"', ',')).toEqual([{ line: 1, cells: ['a', 'b'] }]);
  });

  it('strips a BOM only at the very start, even when the first piece is empty', () => {
    const reader = new CsvReader(',');
    expect(reader.push('')).toEqual([]);
    expect(reader.push('\uFEFFa,b\n\uFEFFc')).toEqual([{ line: 1, cells: ['a', 'b'] }]);
    expect(reader.end()).toEqual([{ line: 2, cells: ['\uFEFFc'] }]);
  });

  it('hands back records as their pieces complete them, so a caller holds only a piece', () => {
    const reader = new CsvReader(',');
    expect(reader.push('a,1\nb,')).toEqual([{ line: 1, cells: ['a', '1'] }]);
    expect(reader.push('2\nc')).toEqual([{ line: 2, cells: ['b', '2'] }]);
    expect(reader.end()).toEqual([{ line: 3, cells: ['c'] }]);
  });
});

describe('CsvReader limits (a stream holds at most one bounded record)', () => {
  const pushAll = (reader: CsvReader, pieces: string[]) => {
    const records: CsvRecord[] = [];
    for (const piece of pieces) records.push(...reader.push(piece));
    return [...records, ...reader.end()];
  };

  it(`reads a record of ${MAX_CSV_COLUMNS} columns and ${MAX_CSV_RECORD_CHARS} characters, and refuses one column or character more, naming the line`, () => {
    const columns = 'a,'.repeat(MAX_CSV_COLUMNS - 1) + 'a';
    expect(pushAll(new CsvReader(','), ['x\n', columns, '\n'])[1]!.cells).toHaveLength(MAX_CSV_COLUMNS);
    expect(() => pushAll(new CsvReader(','), ['x\n', columns + ',a\n'])).toThrow(
      new CsvLimitError('csv_too_many_columns', "Line 2 has more than 1,000 columns. Check the file's delimiter."),
    );

    const long = 'n,' + 'x'.repeat(MAX_CSV_RECORD_CHARS - 1);
    expect(pushAll(new CsvReader(','), [long.slice(0, 100), long.slice(100), '\nb,2'])).toHaveLength(2);
    expect(() => pushAll(new CsvReader(','), [long, 'x'])).toThrow(/^Line 1 is longer than 65,536 characters/);
  });

  it('refuses a quote that is never closed once the rest of the file passes the limit, line breaks counted', () => {
    const reader = new CsvReader(',', { columns: 10, recordChars: 12 });
    expect(reader.push('a,1\nb,"2\n')).toEqual([{ line: 1, cells: ['a', '1'] }]);
    expect(() => reader.push('c,3\nd,4\ne,5\nf,6\n')).toThrow(expect.objectContaining({ code: 'csv_record_too_long', message: expect.stringMatching(/^Line 2 /) }));
  });

  it('stops 100 MB of commas at the first piece instead of holding millions of empty cells', () => {
    const reader = new CsvReader(',');
    const piece = ','.repeat(64 * 1024);
    let pieces = 0;
    expect(() => {
      for (; pieces < 1600; pieces++) reader.push(piece);
    }).toThrow(CsvLimitError);
    expect(pieces).toBe(0);
  });

  it('a whole text read at once (the browser) is not held to them', () => {
    expect(parseCsvText('a,'.repeat(MAX_CSV_COLUMNS) + 'a', ',')[0]!.cells).toHaveLength(MAX_CSV_COLUMNS + 1);
  });
});
