import { describe, expect, it } from 'vitest';
import { CONTACT_MESSAGES, parseContactText } from '@kurir/core/contacts-import';
import { PHONEBOOK_MESSAGES } from '@kurir/core/schemas/phonebooks';
import { NOTHING_NEW, buildPreview, entriesToSend, importBlocker, importResultToast } from './preview-model';

const preview = (text: string, existing: string[] = []) => buildPreview(parseContactText(text), new Set(existing));

describe('import preview', () => {
  it('marks invalid rows with the reason and keeps valid ones normalised', () => {
    const p = preview('Ana, +386 40 111 222, ana@example.com, VIP\nBoris\nCene, 12, , \nDina, 0038641222333');
    expect(p.rows.map((r) => [r.row, r.status])).toEqual([
      [1, 'valid'],
      [2, 'invalid'],
      [3, 'invalid'],
      [4, 'valid'],
    ]);
    expect(p.rows[0]).toMatchObject({ name: 'Ana', phone_number: '+38640111222', email: 'ana@example.com', notes: 'VIP' });
    expect(p.rows[1]!.error).toBe(CONTACT_MESSAGES.tooFewFields);
    expect(p.rows[3]!.phone_number).toBe('+38641222333');
    expect(p.counts).toEqual({ valid: 2, invalid: 2, duplicate: 0 });
  });

  it('marks numbers repeated in the import and numbers already in the phonebook as duplicates', () => {
    const p = preview('Ana, +38640111222\nAna again, 0038640111222\nBo, +38640999888', ['+38640999888']);
    expect(p.rows.map((r) => r.status)).toEqual(['valid', 'duplicate', 'duplicate']);
    expect(p.rows[1]!.error).toBe('Phone number already appears on line 1');
    expect(p.rows[2]!.error).toBe(CONTACT_MESSAGES.duplicateExisting);
    expect(entriesToSend(p)).toEqual([{ row: 1, name: 'Ana', phone_number: '+38640111222', email: '', notes: '' }]);
  });

  it("says what stops an import, in the spec's words", () => {
    expect(importBlocker(null)).toBe(PHONEBOOK_MESSAGES.importEmpty);
    expect(importBlocker(preview('  \n '))).toBe(PHONEBOOK_MESSAGES.importEmpty);
    expect(importBlocker(preview('just a name\nanother'))).toBe(PHONEBOOK_MESSAGES.importNoValid);
    expect(importBlocker(preview('Bo, +38640999888', ['+38640999888']))).toBe(NOTHING_NEW);
    expect(importBlocker(preview('Ana, +38640111222\nbad'))).toBeNull();
  });
});

describe('import result toast', () => {
  it('is a plain success when nothing was left out', () => {
    expect(importResultToast({ imported: 3, errors: [], skipped_duplicates: 0 }, 0)).toEqual({
      partial: false,
      title: '3 contacts imported successfully!',
    });
  });

  it('counts rows left out after the preview and rows the server refused as errors', () => {
    const result = { imported: 2, errors: [{ row: 4, phone_number: '+38640111222', message: 'dup' }], skipped_duplicates: 1 };
    expect(importResultToast(result, 2)).toEqual({
      partial: true,
      title: 'Partial Import Success',
      message: '2 contacts imported successfully. 3 errors occurred.',
    });
  });

  it("counts every problem row of an uploaded file, not only the listed ones", () => {
    const listed = Array.from({ length: 1000 }, (_, i) => ({ row: i + 2, phone_number: '+1', message: 'Invalid phone number: +1' }));
    const result = { imported: 498_000, errors: listed, skipped_duplicates: 0, error_count: 2000, errors_capped: true };
    expect(importResultToast(result, 0)).toEqual({
      partial: true,
      title: 'Partial Import Success',
      message: '498000 contacts imported successfully. 2000 errors occurred.',
    });
  });
});
