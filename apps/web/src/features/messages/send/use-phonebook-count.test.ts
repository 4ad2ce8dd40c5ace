import { describe, expect, it } from 'vitest';
import { SEND_MESSAGES } from '@kurir/core';
import { phonebookCountProblem } from './use-phonebook-count';

describe("a phonebook send's recipients, from the server's count", () => {
  it('is fine with at least one number', () => {
    expect(phonebookCountProblem(3, [])).toBeNull();
  });

  it('says so when the chosen phonebooks hold no number', () => {
    expect(phonebookCountProblem(0, [])).toBe(SEND_MESSAGES.recipientRequired);
  });

  it('names a bad number the way typed recipients do (the send would refuse it)', () => {
    expect(phonebookCountProblem(2, ['+1'])).toBe(SEND_MESSAGES.invalidRecipient('+1'));
    expect(phonebookCountProblem(2, ['+1', '+2'])).toBe(SEND_MESSAGES.invalidRecipients(2));
  });
});
