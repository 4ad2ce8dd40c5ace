// Who the send goes to, whichever way it was given: typed numbers are parsed and counted in the
// browser as the user types; chosen phonebooks are counted by the server (use-phonebook-count).
// Whether a typed number can exist is checked with libphonenumber, loaded once numbers are typed.
import { useMemo } from 'react';
import { usePossibleNumber } from '../../../lib/use-possible-number';
import { parseTyped, recipientsProblem, typedEntries } from './send-form';
import { usePhonebookCount, type PhonebookCount } from './use-phonebook-count';
import type { SendDraft } from './use-send-draft';

export type SendRecipients = {
  count: number;
  duplicates: number;
  /** The spec's recipients message, or null. */
  problem: string | null;
  /** Typed numbers, normalised and distinct (empty in phonebook mode: the server resolves those). */
  typed: string[];
  phonebook: PhonebookCount;
  /** False while the phonebooks are being counted or could not be. */
  ready: boolean;
};

export function useSendRecipients(draft: Pick<SendDraft, 'mode' | 'rows' | 'bulkText' | 'phonebookIds'>): SendRecipients {
  const { mode, rows, bulkText, phonebookIds } = draft;
  const typed = useMemo(() => parseTyped(typedEntries(mode, rows, bulkText)), [mode, rows, bulkText]);
  const phonebook = usePhonebookCount(phonebookIds, mode === 'phonebook');
  const isPossible = usePossibleNumber(mode !== 'phonebook' && typed.recipients.length > 0);
  if (mode === 'phonebook') {
    return {
      count: phonebook.count,
      duplicates: phonebook.duplicates,
      problem: phonebook.problem,
      typed: [],
      phonebook,
      ready: !phonebook.loading && !phonebook.failed,
    };
  }
  return {
    count: typed.recipients.length,
    duplicates: typed.duplicates,
    problem: recipientsProblem(typed, isPossible ?? (() => true)),
    typed: typed.recipients,
    phonebook,
    // Not ready to price or send until the numbers could be checked (a moment, on the first number).
    ready: isPossible !== null || typed.recipients.length === 0,
  };
}
