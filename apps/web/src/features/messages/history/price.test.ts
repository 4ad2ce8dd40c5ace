import { expect, it } from 'vitest';
import { formatMessagePrice } from './price';

it('shows message prices to the micro-euro without trailing zeros past the cents', () => {
  expect(formatMessagePrice(0.07991)).toBe('€0.07991');
  expect(formatMessagePrice(0.03)).toBe('€0.03');
  expect(formatMessagePrice(0)).toBe('€0.00');
  expect(formatMessagePrice(0.159820)).toBe('€0.15982');
  expect(formatMessagePrice(1.000001)).toBe('€1.000001');
});
