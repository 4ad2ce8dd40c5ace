// A new account: the user row (on the channel the admin settings name as default) and the free
// starter credit as its first ledger entry.
import { STARTER_CREDIT_EUROS, eurosToMicros } from '@kurir/core';
import type { Tx } from '../../db/client';
import { users } from '../../db/schema';
import { changeBalance } from '../billing/ledger';
import { readDefaultChannel } from '../admin/settings/settings.repo';

export async function createUserWithStarterCredit(tx: Tx, phone: string, role: 'admin' | 'user') {
  const primaryChannel = await readDefaultChannel(tx);
  const [created] = await tx.insert(users).values({ phone, role, primaryChannel }).returning({ id: users.id });
  await changeBalance(tx, {
    userId: created!.id,
    amount: eurosToMicros(STARTER_CREDIT_EUROS),
    type: 'credit',
    description: 'Free starter credit',
  });
  return created!.id;
}
