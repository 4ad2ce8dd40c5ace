import { describe, expect, it } from 'vitest';
import { DEFAULT_SORT, nextSort } from './use-users-list';

describe('nextSort', () => {
  it('starts at last login, newest first', () => {
    expect(DEFAULT_SORT).toEqual({ sort: 'last_login', order: 'desc' });
  });

  it('flips the order of the sorted column', () => {
    expect(nextSort(DEFAULT_SORT, 'last_login')).toEqual({ sort: 'last_login', order: 'asc' });
    expect(nextSort({ sort: 'user', order: 'asc' }, 'user')).toEqual({ sort: 'user', order: 'desc' });
  });

  it('sorts a new text column A→Z and credit highest first', () => {
    expect(nextSort(DEFAULT_SORT, 'user')).toEqual({ sort: 'user', order: 'asc' });
    expect(nextSort(DEFAULT_SORT, 'credit')).toEqual({ sort: 'credit', order: 'desc' });
  });
});
