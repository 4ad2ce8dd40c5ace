// PATCH /api/admin/users/{id} never leaves the installation without an active admin, even when two
// admins demote or deactivate each other at the same moment (both requests pass the admin check
// before either change is written). Its own file: the admins it demotes would break other tests.
import { and, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_USER_MESSAGES } from '@kurir/core';
import { users } from '../../../db/schema';
import { createTestApp, type TestApp } from '../../../test/helper';
import { signedIn, type Caller } from '../admin.test-support';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ CODE_REQUESTS_PER_IP_HOUR: '100000', AUTH_RATE_LIMIT_PER_MINUTE: '100000' });
});
afterAll(() => t?.close());

/** Makes exactly these callers the installation's active admins. */
async function onlyAdmins(...admins: Caller[]) {
  await t.db.update(users).set({ role: 'user' }).where(eq(users.role, 'admin'));
  for (const a of admins) await t.db.update(users).set({ role: 'admin', status: 'active' }).where(eq(users.id, a.id));
}

const activeAdmins = async () =>
  (await t.db.select({ id: users.id }).from(users).where(and(eq(users.role, 'admin'), eq(users.status, 'active')))).map((u) => u.id);

describe('the last active admin', () => {
  it.each([
    ['demote', 1, { role: 'user' }],
    ['deactivate', 2, { status: 'inactive' }],
    ['demote and deactivate', 3, { role: 'slave', status: 'inactive' }],
  ])('of two admins who %s each other at once, one change is made and the other refused', async (_, kind, change) => {
    for (let round = 0; round < 3; round++) {
      const a = await signedIn(t, `+386418${kind}${round}001`);
      const b = await signedIn(t, `+386418${kind}${round}002`);
      await onlyAdmins(a, b);

      const replies = await Promise.all([a.call('PATCH', `/api/admin/users/${b.id}`, change), b.call('PATCH', `/api/admin/users/${a.id}`, change)]);

      // The refusal is a 409 when both passed the admin check before either change was written, or
      // a 403 when the second request was checked after the first's change (its caller no longer an admin).
      const refused = replies.find((r) => r.status !== 200)!;
      expect(replies.filter((r) => r.status === 200)).toHaveLength(1);
      if (refused.status === 409) expect(refused.body).toMatchObject({ message: ADMIN_USER_MESSAGES.lastAdmin, code: 'last_admin' });
      else expect(refused.status).toBe(403);
      const left = await activeAdmins();
      expect(left).toHaveLength(1);
      // The survivor is the one whose change went through, and they can still act as an admin.
      const winner = replies[0]!.status === 200 ? a : b;
      expect(left).toEqual([winner.id]);
      expect((await winner.call('GET', '/api/admin/transactions')).status).toBe(200);
      // Reactivate the signed-out loser's account for the next round's set-up.
      await t.db.update(users).set({ status: 'active' }).where(ne(users.id, winner.id));
    }
  });

  it('refuses to demote the only other active admin when the caller has just lost the role (three admins, a cross demotion)', async () => {
    const a = await signedIn(t, '+38641859001');
    const b = await signedIn(t, '+38641859002');
    const c = await signedIn(t, '+38641859003');
    await onlyAdmins(a, b, c);
    const replies = await Promise.all([a.call('PATCH', `/api/admin/users/${b.id}`, { role: 'user' }), b.call('PATCH', `/api/admin/users/${a.id}`, { role: 'user' })]);
    // Whichever came second was made by someone who was no longer an admin.
    expect(replies.map((r) => r.status).sort()).toEqual([200, 403]);
    expect((await activeAdmins()).sort()).toEqual([replies[0]!.status === 200 ? a.id : b.id, c.id].sort());
  });

  it('lets an admin demote another while a third stays, and an inactive admin be demoted freely', async () => {
    const a = await signedIn(t, '+38641859101');
    const b = await signedIn(t, '+38641859102');
    await onlyAdmins(a, b);
    await t.db.update(users).set({ status: 'inactive' }).where(eq(users.id, b.id));
    expect((await a.call('PATCH', `/api/admin/users/${b.id}`, { role: 'user' })).status).toBe(200);
    expect(await activeAdmins()).toEqual([a.id]);
  });
});
