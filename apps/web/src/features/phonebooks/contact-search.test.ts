import { describe, expect, it } from 'vitest';
import type { PhonebookEntry } from '@kurir/core/schemas/phonebooks';
import { filterEntries } from './contact-search';

const entry = (name: string, phone_number: string, email: string | null = null): PhonebookEntry => ({
  id: name,
  name,
  phone_number,
  email,
  notes: null,
  created_at: '2024-11-21T10:00:00Z',
});

const entries = [
  entry('Ana Novak', '+38640111222', 'ana@example.com'),
  entry('Boris Kranjc', '+38641333444'),
  entry('Cene', '+4915112345678', 'cene@firma.si'),
];
const names = (query: string) => filterEntries(entries, query).map((e) => e.name);

describe('contact search', () => {
  it('finds by name or email, ignoring case', () => {
    expect(names('novak')).toEqual(['Ana Novak']);
    expect(names('FIRMA')).toEqual(['Cene']);
  });

  it('finds a number however it is typed', () => {
    expect(names('+386 41 333')).toEqual(['Boris Kranjc']);
    expect(names('0038641333')).toEqual(['Boris Kranjc']);
    expect(names('041 333 444')).toEqual(['Boris Kranjc']);
    expect(names('151123')).toEqual(['Cene']);
  });

  it('shows everyone for an empty search and nobody for no match', () => {
    expect(names('  ')).toHaveLength(3);
    expect(names('zzz')).toEqual([]);
  });
});
