// Features never import each other's keys: a write invalidates the roots of the data it changes
// (lib/query-keys.ts). These checks sit in the app layer, the one place that sees every feature,
// and assert what a user would notice: after a send, a purchase or a phonebook change, every
// screen that shows the changed figures reloads them.
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { getRecentTransactionsKey } from '../features/billing/api/get-recent-transactions';
import { getStatsKey } from '../features/dashboard/api/get-stats';
import { getHistoryKey } from '../features/messages/api/get-history';
import { getPhonebookChoicesKey } from '../features/messages/api/get-phonebook-choices';
import { getPricingKey } from '../features/messages/api/get-pricing';
import { getScheduledKey } from '../features/messages/api/get-scheduled';
import { refreshAfterMessagesChange } from '../features/messages/api/refresh';
import { getEntriesKey } from '../features/phonebooks/api/get-entries';
import { getPhonebooksKey } from '../features/phonebooks/api/get-phonebooks';
import { getUserProductsKey } from '../features/products/api/get-user-products';
import { queryRoots } from '../lib/query-keys';
import { applyNewCredit, currentUserKey } from '../lib/session/current-user';

const user = { id: 'u1', credit: 5 };
const keys = {
  user: currentUserKey(),
  stats: getStatsKey(),
  ledger: getRecentTransactionsKey(),
  history: getHistoryKey({ page: 1, text: '', recipient: '' }),
  scheduled: getScheduledKey(),
  pricing: getPricingKey('sms'),
  products: getUserProductsKey(),
  phonebooks: getPhonebooksKey(),
  entries: getEntriesKey('pb1'),
  sendChoices: getPhonebookChoicesKey(),
};

function cacheWithEverything() {
  const client = new QueryClient();
  for (const key of Object.values(keys)) client.setQueryData(key, key === keys.user ? user : {});
  return client;
}

const invalidated = (client: QueryClient) =>
  Object.entries(keys)
    .filter(([, key]) => client.getQueryState(key)?.isInvalidated)
    .map(([name]) => name)
    .sort();

describe('what a change reloads, across features', () => {
  it('a send or a cancellation: the balance, every message list, the dashboard figures and the ledger', async () => {
    const client = cacheWithEverything();
    await refreshAfterMessagesChange(client);
    expect(invalidated(client)).toEqual(['history', 'ledger', 'scheduled', 'stats', 'user']);
  });

  it('a phonebook change: both phonebook pages and the Send page picker, nothing else', async () => {
    const client = cacheWithEverything();
    await client.invalidateQueries({ queryKey: queryRoots.phonebooks });
    expect(invalidated(client)).toEqual(['entries', 'phonebooks', 'sendChoices']);
  });

  it('a reply with the new balance shows it at once and reloads the session', async () => {
    const client = cacheWithEverything();
    await applyNewCredit(client, 12.5);
    expect(client.getQueryData(keys.user)).toEqual({ id: 'u1', credit: 12.5 });
    expect(invalidated(client)).toEqual(['user']);
  });

  it('no two endpoints share a key, and every key starts at a root', () => {
    const all = Object.values(keys).map((key) => JSON.stringify(key));
    expect(new Set(all).size).toBe(all.length);
    const roots = Object.values(queryRoots).map((root) => root[0]);
    for (const key of Object.values(keys)) expect(roots).toContain(key[0]);
  });
});
