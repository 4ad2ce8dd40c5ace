import { describe, expect, it } from 'vitest';
import { ContactFileError, FILE_MESSAGES, PREVIEW_BYTES, decodeCsv, readContactFile } from './read-contact-file';

const bytes = (values: number[]) => new Uint8Array(values).buffer;

describe('reading a contacts file', () => {
  it('reads UTF-8, and falls back to Windows-1250 as Excel saves CSV here', () => {
    expect(decodeCsv(new TextEncoder().encode('Žiga Čeh,+38640111222').buffer)).toBe('Žiga Čeh,+38640111222');
    // "Žiga Čeh" in Windows-1250: Ž = 0x8E, Č = 0xC8.
    expect(decodeCsv(bytes([0x8e, 0x69, 0x67, 0x61, 0x20, 0xc8, 0x65, 0x68]))).toBe('Žiga Čeh');
  });

  it('turns a CSV file into records of cells', async () => {
    const file = new File(['name;phone\nAna;+38640111222\n'], 'contacts.csv', { type: 'text/csv' });
    expect(await readContactFile(file)).toEqual({
      records: [
        { line: 1, cells: ['name', 'phone'] },
        { line: 2, cells: ['Ana', '+38640111222'] },
      ],
      csv: { delimiter: ';', encoding: 'utf-8', partial: false },
    });
  });

  it('reads only the first 64 KB of a large CSV file, leaving out the row cut at the end', async () => {
    const line = (i: number) => `Contact ${i},+38640${String(i).padStart(6, '0')}\n`;
    const text = 'Name,Phone\n' + Array.from({ length: 100_000 }, (_, i) => line(i)).join('');
    const read = await readContactFile(new File([text], 'big.csv', { type: 'text/csv' }));
    expect(read.csv).toEqual({ delimiter: ',', encoding: 'utf-8', partial: true });
    const sampleLines = new TextEncoder().encode(text).slice(0, PREVIEW_BYTES);
    const complete = new TextDecoder().decode(sampleLines).split('\n').length - 1;
    expect(read.records).toHaveLength(complete);
    expect(read.records.at(-1)).toEqual({ line: complete, cells: [`Contact ${complete - 2}`, `+38640${String(complete - 2).padStart(6, '0')}`] });
  });

  it('keeps UTF-8 when the 64 KB sample cuts a character in two', async () => {
    const first = 'Ana,+38640111222\n';
    const text = first + 'x'.repeat(PREVIEW_BYTES - 1 - first.length) + 'Ž,+38640111333\n';
    expect((await readContactFile(new File([text], 'cut.csv'))).csv?.encoding).toBe('utf-8');
  });

  it('refuses old .xls workbooks, empty files and files that are too large', async () => {
    await expect(readContactFile(new File(['x'], 'old.xls'))).rejects.toThrow(FILE_MESSAGES.unsupported);
    await expect(readContactFile(new File(['\n \n'], 'empty.csv'))).rejects.toThrow(FILE_MESSAGES.empty);
    const bigSheet = new File([new Uint8Array(10 * 1024 * 1024 + 1)], 'big.xlsx');
    await expect(readContactFile(bigSheet)).rejects.toThrow(FILE_MESSAGES.tooLarge);
    const bigCsv = new File([new Uint8Array(100 * 1024 * 1024 + 1)], 'big.csv');
    await expect(readContactFile(bigCsv)).rejects.toBeInstanceOf(ContactFileError);
  });
});
