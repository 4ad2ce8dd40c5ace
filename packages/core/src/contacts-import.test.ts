import { describe, expect, it } from 'vitest';
import {
  CONTACT_MESSAGES,
  checkContactImport,
  checkContactPhone,
  detectDelimiter,
  guessColumnMapping,
  parseContactText,
  parseCsv,
  recordsFromCells,
  recordsToContactInputs,
  type ContactInput,
} from './contacts-import';
import { PHONEBOOK_MESSAGES, bulkImportBodySchema, contactBodySchema, phonebookBodySchema } from './schemas/phonebooks';

const cells = (text: string) => parseCsv(text).map((r) => r.cells);

describe('parseCsv', () => {
  it('keeps delimiters, line breaks and doubled quotes inside quoted fields', () => {
    expect(cells('"Doe, John",+38640111222\n"Say ""hi""","a\nb"')).toEqual([
      ['Doe, John', '+38640111222'],
      ['Say "hi"', 'a\nb'],
    ]);
  });

  it('reads CRLF, CR and LF endings, drops a BOM and blank lines, numbers records by their first line', () => {
    const records = parseCsv('\uFEFFa,1\r\n\r\nb,2\rc,"x\r\ny"\nd,4\n');
    expect(records).toEqual([
      { line: 1, cells: ['a', '1'] },
      { line: 3, cells: ['b', '2'] },
      { line: 4, cells: ['c', 'x\r\ny'] },
      { line: 6, cells: ['d', '4'] },
    ]);
  });

  it('opens a quote after spaces (as people type "a, "b, c"")', () => {
    expect(cells('Ana, "Novak, d.o.o." , +38640111222')).toEqual([['Ana', 'Novak, d.o.o. ', ' +38640111222']]);
  });

  it('keeps a quote in the middle of a field as it is', () => {
    expect(cells('O"Brien,+38640111222')).toEqual([['O"Brien', '+38640111222']]);
  });

  it('keeps a last field without a line ending, and an unterminated quote to the end', () => {
    expect(cells('a,b')).toEqual([['a', 'b']]);
    expect(cells('a,"b\nc')).toEqual([['a', 'b\nc']]);
  });
});

describe('detectDelimiter', () => {
  it.each([
    ['name,phone,email', ','],
    ['name;phone;email', ';'],
    ['name\tphone\temail', '\t'],
    ['"Doe; John",+386', ','],
    ['"a,b";c;d', ';'],
    ['\n\nname;phone\nx,y,z,w', ';'],
    ['just a name', ','],
  ])('%j → %j', (text, expected) => {
    expect(detectDelimiter(text)).toBe(expected);
  });
});

describe('guessColumnMapping', () => {
  it('reads a header in any order and case', () => {
    expect(guessColumnMapping(['E-mail', 'Phone Number', 'Notes', 'Name'])).toEqual({
      mapping: { name: 3, phone_number: 1, email: 0, notes: 2 },
      hasHeader: true,
    });
    expect(guessColumnMapping(['name', 'phone_number'])).toEqual({
      mapping: { name: 0, phone_number: 1, email: null, notes: null },
      hasHeader: true,
    });
  });

  it("falls back to the spec's order when the first row is data", () => {
    expect(guessColumnMapping(['Ana', '+38640111222'])).toEqual({
      mapping: { name: 0, phone_number: 1, email: 2, notes: 3 },
      hasHeader: false,
    });
  });
});

describe('checkContactPhone', () => {
  it.each([
    ['+386 40 111 222', true, '+38640111222'],
    ['00386 40 111 222', true, '+38640111222'],
    ['0038640111222', false, '+38640111222'],
    ['38640111222', false, '+38640111222'],
  ])('%j (prefix required: %s) → %j', (input, requirePrefix, phone) => {
    expect(checkContactPhone(input, { requirePrefix })).toEqual({ phone });
  });

  it.each([
    ['', true, CONTACT_MESSAGES.phoneRequired],
    ['   ', false, CONTACT_MESSAGES.phoneRequired],
    ['38640111222', true, CONTACT_MESSAGES.phoneCountryCode],
    ['040 111 222', false, CONTACT_MESSAGES.phoneCountryCode],
    ['+386 1', true, 'Invalid phone number: +386 1'],
    ['+1 555', false, 'Invalid phone number: +1 555'],
    ['+0038640111222', true, 'Invalid phone number: +0038640111222'],
    ['+'.padEnd(41, '1'), true, CONTACT_MESSAGES.phoneTooLong],
  ])('%j (prefix required: %s) → %j', (input, requirePrefix, error) => {
    expect(checkContactPhone(input, { requirePrefix })).toEqual({ error });
  });
});

describe('parseContactText + checkContactImport (the text area)', () => {
  const check = (text: string) => checkContactImport(parseContactText(text));

  it('reads name, phone, email, notes with defaults, trims, skips blank lines, numbers by line', () => {
    const result = check('  Ana Novak ,  +386 40 111 222 ,ana@example.com, VIP \n\n   \nBor,0038641222333\n');
    expect(result).toEqual([
      { row: 1, name: 'Ana Novak', phone_number: '+38640111222', email: 'ana@example.com', notes: 'VIP' },
      { row: 4, name: 'Bor', phone_number: '+38641222333', email: '', notes: '' },
    ]);
  });

  it('keeps a quoted comma in the name', () => {
    expect(check('"Doe, John", +38640111222')).toEqual([
      { row: 1, name: 'Doe, John', phone_number: '+38640111222', email: '', notes: '' },
    ]);
  });

  it('reports each bad line with its message and keeps the good ones', () => {
    const result = check(
      ['Only name', ', +38640111222', 'No phone,', 'Bad, +386 1', 'Mail, +38640111223, not-an-email', 'Ok, +38640111224'].join('\n'),
    );
    expect(result.map((r) => [r.row, r.error])).toEqual([
      [1, CONTACT_MESSAGES.tooFewFields],
      [2, CONTACT_MESSAGES.nameRequired],
      [3, CONTACT_MESSAGES.phoneRequired],
      [4, 'Invalid phone number: +386 1'],
      [5, CONTACT_MESSAGES.emailInvalid],
      [6, undefined],
    ]);
  });

  it('marks a number seen earlier in the same import, however it was written', () => {
    const result = check('A, +38640111222\nB, 00386 40 111 222\nC, +38640111333\nD, 386-40-111-222');
    expect(result.map((r) => [r.row, r.duplicate, r.error])).toEqual([
      [1, undefined, undefined],
      [2, true, 'Phone number already appears on line 1'],
      [3, undefined, undefined],
      [4, true, 'Phone number already appears on line 1'],
    ]);
  });

  it('skips a header line', () => {
    expect(check('Name, Phone, Email, Notes\nAna, +38640111222').map((r) => r.row)).toEqual([2]);
  });

  it('applies the length limits', () => {
    const [long] = check(`${'x'.repeat(101)}, +38640111222`);
    expect(long!.error).toBe(CONTACT_MESSAGES.nameTooLong);
    const [notes] = check(`Ana, +38640111222, , ${'n'.repeat(501)}`);
    expect(notes!.error).toBe(CONTACT_MESSAGES.notesTooLong);
  });
});

describe('CSV files and workbook rows', () => {
  it('reads a semicolon file with a header in another order, CRLF and BOM', () => {
    const text = '\uFEFFTelefon;Ime;E-mail\r\n+386 40 111 222;"Novak; Ana";ana@example.com\r\n';
    expect(checkContactImport(parseContactText(text))).toEqual([
      { row: 2, name: 'Novak; Ana', phone_number: '+38640111222', email: 'ana@example.com', notes: '' },
    ]);
  });

  it('takes off the apostrophe our export puts before formula characters', () => {
    const text = "name,phone_number,email,notes\n'=HYPERLINK(1),'+38640111222,,'-1";
    expect(checkContactImport(parseContactText(text))).toEqual([
      { row: 2, name: '=HYPERLINK(1)', phone_number: '+38640111222', email: '', notes: '-1' },
    ]);
  });

  it('maps workbook cells (numbers, empty cells) with a chosen mapping', () => {
    const records = recordsFromCells([['Phone', 'Name'], [38640111222, 'Ana'], [null, null], [38641222333, undefined]]);
    const { mapping, hasHeader } = guessColumnMapping(records[0]!.cells);
    const inputs: ContactInput[] = recordsToContactInputs(records, mapping, { hasHeader });
    expect(checkContactImport(inputs).map((r) => [r.row, r.phone_number, r.error])).toEqual([
      [2, '+38640111222', undefined],
      [4, '38641222333', CONTACT_MESSAGES.nameRequired], // an invalid row shows the number as typed,
    ]);
  });
});

describe('zod contract', () => {
  it('checks the Add Contact form with the prefix rule and normalises', () => {
    expect(contactBodySchema.parse({ name: ' Ana ', phone_number: '00386 40 111 222', email: '', notes: null })).toEqual({
      name: 'Ana',
      phone_number: '+38640111222',
      email: null,
      notes: null,
    });
    const error = (body: object) => contactBodySchema.safeParse(body).error?.issues[0]?.message;
    expect(error({ name: '', phone_number: '+38640111222' })).toBe(CONTACT_MESSAGES.nameRequired);
    expect(error({ name: 'Ana', phone_number: '' })).toBe(CONTACT_MESSAGES.phoneRequired);
    expect(error({ name: 'Ana' })).toBe(CONTACT_MESSAGES.phoneRequired);
    expect(error({ name: 'Ana', phone_number: '38640111222' })).toBe(CONTACT_MESSAGES.phoneCountryCode);
    expect(error({ name: 'Ana', phone_number: '+38640111222', email: 'x@' })).toBe(CONTACT_MESSAGES.emailInvalid);
    expect(error({ name: 'Ana', phone_number: '+38640111222', extra: 1 })).toBeDefined();
  });

  it('requires a phonebook name', () => {
    expect(phonebookBodySchema.safeParse({ name: '  ' }).error?.issues[0]?.message).toBe(PHONEBOOK_MESSAGES.nameRequired);
    expect(phonebookBodySchema.parse({ name: 'Clients', description: ' ' })).toEqual({ name: 'Clients', description: null });
  });

  it('refuses an empty import with the spec message', () => {
    expect(bulkImportBodySchema.safeParse({ entries: [] }).error?.issues[0]?.message).toBe(PHONEBOOK_MESSAGES.importEmpty);
  });
});
