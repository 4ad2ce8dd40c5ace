import { describe, expect, it } from 'vitest';
import { CsvReader, parseCsvText, type CsvRecord, type Delimiter } from './csv-reader';

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
