import { describe, expect, it } from 'vitest';
import { pageTitle } from './document-title';

describe('pageTitle', () => {
  it('names the page before the product, and falls back to the product title', () => {
    expect(pageTitle('Send message')).toBe('Send message · Kurir');
    expect(pageTitle()).toBe('Kurir Authentication & Messaging');
  });
});
