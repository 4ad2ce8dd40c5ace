import { describe, expect, it } from 'vitest';
import { ContactFileError, FILE_MESSAGES, decodeCsv, readContactFile } from './read-contact-file';

const bytes = (values: number[]) => new Uint8Array(values).buffer;

describe('reading a contacts file', () => {
  it('reads UTF-8, and falls back to Windows-1250 as Excel saves CSV here', () => {
    expect(decodeCsv(new TextEncoder().encode('Žiga Čeh,+38640111222').buffer)).toBe('Žiga Čeh,+38640111222');
    // "Žiga Čeh" in Windows-1250: Ž = 0x8E, Č = 0xC8.
    expect(decodeCsv(bytes([0x8e, 0x69, 0x67, 0x61, 0x20, 0xc8, 0x65, 0x68]))).toBe('Žiga Čeh');
  });

  it('turns a CSV file into records of cells', async () => {
    const file = new File(['name;phone\nAna;+38640111222\n'], 'contacts.csv', { type: 'text/csv' });
    expect(await readContactFile(file)).toEqual([
      { line: 1, cells: ['name', 'phone'] },
      { line: 2, cells: ['Ana', '+38640111222'] },
    ]);
  });

  it('refuses old .xls workbooks, empty files and files that are too large', async () => {
    await expect(readContactFile(new File(['x'], 'old.xls'))).rejects.toThrow(FILE_MESSAGES.unsupported);
    await expect(readContactFile(new File(['\n \n'], 'empty.csv'))).rejects.toThrow(FILE_MESSAGES.empty);
    const big = new File([new Uint8Array(10 * 1024 * 1024 + 1)], 'big.csv');
    await expect(readContactFile(big)).rejects.toBeInstanceOf(ContactFileError);
  });
});
