import { describe, expect, it } from 'vitest';
import { streamImportQuerySchema } from '@kurir/core/schemas/phonebooks';
import { streamQueryOf } from './use-import-draft';

const file = new File(['x'], 'contacts.csv');

describe('the upload query of a CSV file', () => {
  it('carries the chosen columns, the header choice and how the preview read the file, and the server schema accepts it', () => {
    const query = streamQueryOf({
      file,
      records: [],
      mapping: { name: 2, phone_number: 0, email: null, notes: 3 },
      hasHeader: true,
      csv: { delimiter: ';', encoding: 'windows-1250', partial: true },
    });
    expect(query).toEqual({ name: 2, phone_number: 0, notes: 3, header: 'true', delimiter: 'semicolon', encoding: 'windows-1250' });
    const asSent = Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)]));
    expect(streamImportQuerySchema.parse(asSent)).toEqual({
      name: 2,
      phone_number: 0,
      notes: 3,
      header: true,
      delimiter: ';',
      encoding: 'windows-1250',
    });
  });

  it('names a tab delimiter and leaves out columns not imported', () => {
    const query = streamQueryOf({
      file,
      records: [],
      mapping: { name: 0, phone_number: 1, email: null, notes: null },
      hasHeader: false,
      csv: { delimiter: '\t', encoding: 'utf-8', partial: false },
    });
    expect(query).toEqual({ name: 0, phone_number: 1, header: 'false', delimiter: 'tab', encoding: 'utf-8' });
  });
});
