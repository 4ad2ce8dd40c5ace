// Serialises a user's changes that count what the user holds (API keys, webhook endpoints): the
// user's row is locked for the transaction, so two requests at once are counted one after the
// other. NO KEY UPDATE, so rows that refer to the user can still be written meanwhile.
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { users } from '../../db/schema';

export async function lockUser(tx: Tx, userId: string): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
}
