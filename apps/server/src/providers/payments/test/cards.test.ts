import { describe, expect, it } from 'vitest';
import { checkTestCard, passesLuhn } from './cards';

const card = (cardNumber: string, expiry = '12/30', cvc = '123') => ({ cardNumber, expiry, cvc });
const now = new Date('2027-06-15T12:00:00Z');

describe('test cards', () => {
  it('checks the Luhn digit', () => {
    expect(passesLuhn('4242424242424242')).toBe(true);
    expect(passesLuhn('4000000000000002')).toBe(true);
    expect(passesLuhn('4242424242424241')).toBe(false);
  });

  it('succeeds with 4242…, declines 4000…0002, refuses the rest', () => {
    expect(checkTestCard(card('4242-4242-4242-4242'), now)).toEqual({ outcome: 'succeeded' });
    expect(checkTestCard(card('4000 0000 0000 0002'), now)).toEqual({ outcome: 'declined', message: 'Your card was declined.' });
    expect(checkTestCard(card('5555555555554444'), now).outcome).toBe('invalid');
    expect(checkTestCard(card('4242 4242'), now).outcome).toBe('invalid');
  });

  it('accepts a card through the last day of its expiry month', () => {
    expect(checkTestCard(card('4242424242424242', '06/27'), now).outcome).toBe('succeeded');
    expect(checkTestCard(card('4242424242424242', '05 / 2027'), now)).toEqual({ outcome: 'invalid', message: "Your card's expiration date is in the past." });
    expect(checkTestCard(card('4242424242424242', '0627'), now).outcome).toBe('invalid');
    expect(checkTestCard(card('4242424242424242', '06/27', '12a'), now).outcome).toBe('invalid');
  });
});
