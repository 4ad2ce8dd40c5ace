// How the admin Transactions page reads (admin spec §2 "Transactions page", §4, §9): signed euro
// amounts, 'MMM dd, HH:mm' dates, the browser-side search, and the test's alert text.
import dayjs from 'dayjs';
import { TRANSACTION_MESSAGES, eurosToMicros, formatEuros, type AdminTransaction, type AdminTransactionType } from '@kurir/core';

/** '+€5.00' for money in, '-€0.08' for money out (the amount is signed). */
export function formatSignedAmount(amount: number): string {
  const micros = eurosToMicros(Math.abs(amount).toFixed(6));
  return `${amount < 0 ? '-' : '+'}${formatEuros(micros, 2)}`;
}

/** '€12.40', 2 decimals (balances and summaries). */
export function formatAmount(amount: number): string {
  return formatEuros(eurosToMicros(amount.toFixed(6)), 2);
}

/** 'Nov 23, 14:05' in the browser's time zone; 'Unknown' when it does not parse (spec §8). */
export function formatTransactionDate(value: string): string {
  const parsed = dayjs(value);
  return value && parsed.isValid() ? parsed.format('MMM DD, HH:mm') : 'Unknown';
}

export const TRANSACTION_TYPE_LABELS: Record<AdminTransactionType, string> = {
  credit_addition: 'credit_addition',
  sms_cost: 'sms_cost',
  purchase: 'purchase',
  top_up: 'top_up',
  refund: 'refund',
  starter_credit: 'starter_credit',
};

export const SUMMARY_TITLES: Record<'credit_addition' | 'sms_cost' | 'purchase' | 'top_up', string> = {
  credit_addition: 'Credit additions',
  sms_cost: 'Message costs',
  purchase: 'Purchases',
  top_up: 'Top-ups',
};

/** The search box: phone, name, description and type, case-insensitive (done in the browser). */
export function matchesTransactionSearch(tx: AdminTransaction, search: string): boolean {
  const term = search.trim().toLowerCase();
  if (!term) return true;
  return [tx.userPhone, tx.userName ?? '', tx.description, tx.type, tx.ledgerType].some((text) => text.toLowerCase().includes(term));
}

/** A user id is a UUID; the filter asks the server only for one. */
export function isUserId(value: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value.trim());
}

/** The test's headline: the spec's success text, or its failure prefix and the reason. */
export function testResultText(result: { success: boolean; error: string | null } | { exception: string }): string {
  if ('exception' in result) return TRANSACTION_MESSAGES.testFailedPrefix + (result.exception || TRANSACTION_MESSAGES.unknownError);
  if (result.success) return TRANSACTION_MESSAGES.testPassed;
  return TRANSACTION_MESSAGES.testFailedPrefix + (result.error || TRANSACTION_MESSAGES.unknownError);
}
