// Messages of a deactivated user wait in the queue: neither sent nor refunded while the account is
// inactive, and sent once an admin activates it again.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ADMIN_PHONE, createTestApp, type TestApp } from '../../../test/helper';
import { FakeProvider, SMS_PRICE, creditOf, customer, dispatcherFor, messagesOf, newPhone, userIdOf } from '../messages.test-support';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp({ CODE_REQUESTS_PER_IP_HOUR: '100000', AUTH_RATE_LIMIT_PER_MINUTE: '100000' });
  admin = await t.signIn(TEST_ADMIN_PHONE);
});
afterAll(() => t?.close());

async function setStatus(phone: string, status: 'active' | 'inactive') {
  const id = await userIdOf(t.db, phone);
  const res = await t.app.inject({ method: 'PATCH', url: `/api/admin/users/${id}`, headers: { cookie: admin }, payload: { status } });
  expect(res.statusCode).toBe(200);
}

describe('the queue and inactive users', () => {
  it('holds the messages of an inactive user and sends them once the user is active again', async () => {
    const waiting = await customer(t, { credit: 2_000_000 });
    const other = await customer(t, { credit: 2_000_000 });
    const [a, b] = [newPhone(), newPhone()];
    expect((await waiting.api.send({ recipients: [a, b], message: 'Held' })).status).toBe(200);
    expect((await other.api.send({ recipient: newPhone(), message: 'Goes' })).status).toBe(200);
    await setStatus(waiting.phone, 'inactive');

    const fake = new FakeProvider();
    const d = dispatcherFor(t.db, fake);
    expect(await d.runOnce()).toBe(1);
    expect(await d.runOnce()).toBe(0);
    expect(fake.submitted.map((m) => m.text)).toEqual(['Goes']);
    const held = await messagesOf(t.db, waiting.phone);
    expect(held.map((m) => [m.status, m.attempts])).toEqual([['pending', 0], ['pending', 0]]);
    expect(await creditOf(t.db, waiting.phone)).toBe(2_000_000 - 2 * SMS_PRICE); // still reserved, not refunded

    await setStatus(waiting.phone, 'active');
    expect(await d.runOnce()).toBe(2);
    expect(fake.submitted.filter((m) => m.text === 'Held').map((m) => m.to).sort()).toEqual([a, b].sort());
    expect((await messagesOf(t.db, waiting.phone)).every((m) => m.status === 'sent')).toBe(true);
  });

  it("sends an administrator's message to an inactive user at once", async () => {
    const user = await customer(t, { credit: 0 });
    await setStatus(user.phone, 'inactive');
    const id = await userIdOf(t.db, user.phone);
    const res = await t.app.inject({ method: 'POST', url: '/api/admin/send-sms', headers: { cookie: admin }, payload: { userId: id, recipient: user.phone, message: 'Your account is paused.' } });
    expect(res.statusCode).toBe(200);
    const fake = new FakeProvider();
    expect(await dispatcherFor(t.db, fake).runOnce()).toBe(1);
    expect(fake.submitted.map((m) => [m.to, m.text])).toEqual([[user.phone, 'Your account is paused.']]);
  });
});
