// Serialises one user's changes that must see each other: a cap counted before an insert (API
// keys, webhook endpoints, own templates), a purchase that extends a period. The user's row is
// locked for the rest of the transaction, so two requests at once, on any instance, take turns.
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { users } from '../../db/schema';

/** Locks the user's row; false when there is no such user. */
export async function lockUserRow(tx: Tx, userId: string): Promise<boolean> {
  const [locked] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
  return locked !== undefined;
}
