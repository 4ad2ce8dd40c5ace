import { describe, expect, it } from 'vitest';
import { CODE_LENGTH, isValidCode } from './code';

describe('isValidCode: exactly 6 ASCII digits', () => {
  it.each([
    ['123456', true],
    ['000000', true],
    ['999999', true],
    ['12345', false],
    ['1234567', false],
    ['12345a', false],
    ['', false],
    [' 123456', false],
    ['123456 ', false],
    ['123456\n', false],
    ['123 456', false],
    ['12-3456', false],
    ['１２３４５６', false], // full-width digits
    ['١٢٣٤٥٦', false], // Arabic-Indic digits
  ])('%j → %s', (code, expected) => {
    expect(isValidCode(code)).toBe(expected);
  });

  it('agrees with CODE_LENGTH', () => {
    expect(isValidCode('1'.repeat(CODE_LENGTH))).toBe(true);
    expect(isValidCode('1'.repeat(CODE_LENGTH + 1))).toBe(false);
  });
});
