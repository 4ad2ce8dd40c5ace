// Admin Send SMS: queued like any message, sent by the dispatcher through the provider under the
// admin sender name from the settings, free for the user, and in the user's history marked as sent
// by an administrator. Plus the settings it reads and their validation.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, messages, transactions } from '../../../db/schema';
import { createTestApp, TEST_ADMIN_PHONE, type TestApp } from '../../../test/helper';
import { FakeProvider, dispatcherFor } from '../../messages/messages.test-support';
import { signedIn, type Caller } from '../admin.test-support';

let t: TestApp;
let admin: Caller;
beforeAll(async () => {
  t = await createTestApp({ CODE_REQUESTS_PER_IP_HOUR: '100000', AUTH_RATE_LIMIT_PER_MINUTE: '100000' });
  admin = await signedIn(t, TEST_ADMIN_PHONE);
});
afterAll(() => t?.close());

describe('admin settings', () => {
  it('validates adminSenderName with the spec messages and the channel', async () => {
    const post = (payload: object) => admin.call('POST', '/api/admin/settings', payload);
    expect((await post({ adminSenderName: 'A', defaultChannel: 'sms' })).body.message).toBe('Sender name must be at least 2 characters');
    expect((await post({ adminSenderName: 'ABCDEFGHIJKL', defaultChannel: 'sms' })).body.message).toBe('Sender name cannot exceed 11 characters');
    expect((await post({ adminSenderName: 'Kurir', defaultChannel: 'fax' })).body.message).toBe('Default channel must be sms or viber');
    expect((await admin.call('GET', '/api/admin/settings')).body.settings).toEqual({ adminSenderName: 'Kurir', defaultChannel: 'sms' });
  });

  it('stores them; new users start on the default channel; the change is audited', async () => {
    const res = await admin.call('POST', '/api/admin/settings', { adminSenderName: 'KurirOps', defaultChannel: 'viber' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Settings Updated', settings: { adminSenderName: 'KurirOps', defaultChannel: 'viber' } });
    expect((await admin.call('GET', '/api/admin/settings')).body.settings.adminSenderName).toBe('KurirOps');
    const newcomer = await signedIn(t, '+38641810009');
    expect((await admin.call('GET', `/api/users/${newcomer.id}`)).body.user.settings.primary_channel).toBe('viber');
    const [audit] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'settings_updated'));
    expect(audit).toMatchObject({ before: { adminSenderName: 'Kurir', defaultChannel: 'sms' }, after: { adminSenderName: 'KurirOps', defaultChannel: 'viber' } });
    await admin.call('POST', '/api/admin/settings', { adminSenderName: 'KurirOps', defaultChannel: 'sms' });
  });
});

describe('POST /api/admin/send-sms', () => {
  it('refuses an empty or long message and a recipient that is not the user, with the spec messages', async () => {
    const user = await signedIn(t, '+38641810001');
    const send = (payload: object) => admin.call('POST', '/api/admin/send-sms', payload);
    expect((await send({ userId: user.id, recipient: '', message: 'Hi' })).body.message).toBe('Recipient is required');
    expect((await send({ userId: user.id, recipient: user.phone, message: 'x'.repeat(161) })).body.message).toBe('Message must be at most 160 characters');
    expect((await send({ userId: user.id, recipient: user.phone, message: '  ' })).body.message).toBe('Message is required');
    expect((await send({ userId: user.id, recipient: '+38641810002', message: 'Hi' })).body.message).toBe("Recipient must be the user's phone number");
    expect(await t.db.select().from(messages).where(eq(messages.userId, user.id))).toEqual([]);
  });

  it('goes out through the provider under the admin sender name, free, and shows in the history as sent by an admin', async () => {
    await admin.call('POST', '/api/admin/settings', { adminSenderName: 'KurirOps', defaultChannel: 'sms' });
    const user = await signedIn(t, '+38641810003');
    const before = await t.db.select().from(transactions).where(eq(transactions.userId, user.id));
    const res = await admin.call('POST', '/api/admin/send-sms', { userId: user.id, recipient: user.phone, message: 'Your sender name is approved.' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, message: 'SMS sent successfully', sender: 'KurirOps', recipient: user.phone });

    const provider = new FakeProvider();
    await dispatcherFor(t.db, provider).runOnce();
    const mine = provider.submitted.filter((m) => m.to === user.phone);
    expect(mine).toEqual([expect.objectContaining({ from: 'KurirOps', text: 'Your sender name is approved.', channel: 'sms' })]);

    expect(await t.db.select().from(transactions).where(eq(transactions.userId, user.id))).toEqual(before);
    const history = await user.call('GET', '/api/sms/history');
    expect(history.body.messages).toEqual([
      expect.objectContaining({ message: 'Your sender name is approved.', sender_name: 'KurirOps', sent_by_admin: true, sell_price: 0 }),
    ]);
  });
});
