import { describe, expect, it } from 'vitest';
import { pageCount, pageLinks } from './pagination';

describe('pagination', () => {
  it('has at least one page and rounds up', () => {
    expect(pageCount(0, 10)).toBe(1);
    expect(pageCount(10, 10)).toBe(1);
    expect(pageCount(11, 10)).toBe(2);
  });

  it('shows up to five links around the current page', () => {
    expect(pageLinks(1, 3)).toEqual([1, 2, 3]);
    expect(pageLinks(1, 20)).toEqual([1, 2, 3, 4, 5]);
    expect(pageLinks(10, 20)).toEqual([8, 9, 10, 11, 12]);
    expect(pageLinks(20, 20)).toEqual([16, 17, 18, 19, 20]);
    expect(pageLinks(19, 20)).toEqual([16, 17, 18, 19, 20]);
  });
});
