// Custom sender names: bought as pending, reviewed by an admin (pending → waiting_mobile_provider →
// active, or denied), re-submitted free after a denial; only an active name is ever used.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SENDER_NAME } from '@kurir/core';
import { auditLog, messages, users } from '../../../db/schema';
import { createTestApp, TEST_ADMIN_PHONE, type TestApp } from '../../../test/helper';
import { findApprovedSenderName } from '../../users/features';
import { ensureCatalogue } from '../../products/catalogue';
import { balanceOf, ledgerOf, productId, setBalance, signInCustomer, type Customer } from '../../products/products.test-support';

let t: TestApp;
let admin: Customer;
let customer: Customer;
let senderProduct: string;

beforeAll(async () => {
  t = await createTestApp();
  await ensureCatalogue(t.db);
  admin = await signInCustomer(t, TEST_ADMIN_PHONE);
  customer = await signInCustomer(t, '+38641600001');
  senderProduct = await productId(t.db, 'Custom sender name');
});
afterAll(() => t.close());

const buySender = (c: Customer, senderName?: unknown) =>
  c.call('POST', '/api/user/products/purchase', { productId: senderProduct, quantity: 1, startOption: 'now', ...(senderName === undefined ? {} : { senderName }) });
const act = (who: Customer, action: string, id: string) => who.call('POST', `/api/admin/custom-sender/${action}/${id}`);
const pending = async () => (await admin.call('GET', '/api/admin/pending-custom-sender-names')).body.pendingRequests;

describe('buying a custom sender name', () => {
  it('validates the name with the spec messages and charges nothing for a refused one', async () => {
    await setBalance(t.db, customer.id, 50_000_000);
    expect(await buySender(customer)).toMatchObject({ status: 400, body: { message: 'Sender name is required' } });
    expect((await buySender(customer, '   ')).body.message).toBe('Sender name is required');
    expect((await buySender(customer, 'ABCDEFGHIJKL')).body.message).toBe('Sender name must be 11 characters or less');
    expect((await buySender(customer, 'MY SHOP')).body.message).toBe('Sender name may contain only letters and numbers');
    expect((await buySender(customer, 'ŠPAR')).body.message).toBe('Sender name may contain only letters and numbers');
    expect(await balanceOf(t.db, customer.id)).toBe(50_000_000);
  });

  it('creates a pending request, upper-cased, paid in full', async () => {
    const res = await buySender(customer, ' myShop1 ');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      newCredit: 30.01,
      message: 'Your Custom Sender Name has been submitted for approval.',
      userProduct: { product_name: 'Custom sender name', custom_sender_name: 'MYSHOP1', status: 'pending', active: true, expires_at: null, total_price: 19.99 },
    });
    expect((await ledgerOf(t.db, customer.id)).some((e) => e.description === 'Purchase: Custom sender name (MYSHOP1)' && e.amount === -19_990_000)).toBe(true);
    expect(await findApprovedSenderName(t.db, customer.id)).toBeNull();
    // One request at a time.
    expect(await buySender(customer, 'OTHER')).toMatchObject({ status: 409, body: { message: 'You already have a Custom Sender Name awaiting approval.' } });
  });
});

describe('admin review', () => {
  it('is for admins only', async () => {
    expect((await customer.call('GET', '/api/admin/pending-custom-sender-names')).status).toBe(403);
    const [request] = await pending();
    expect((await act(customer, 'approve', request.id)).status).toBe(403);
    expect((await act(customer, 'send-to-provider', request.id)).status).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: `/api/admin/custom-sender/deny/${request.id}` })).statusCode).toBe(401);
  });

  it('walks pending → waiting_mobile_provider → active, refusing the wrong moves', async () => {
    const [request] = await pending();
    expect(request).toEqual({
      id: expect.any(String),
      user_id: customer.id,
      first_name: null,
      last_name: null,
      phone: customer.phone,
      custom_sender_name: 'MYSHOP1',
      purchased_at: expect.any(String),
      status: 'pending',
    });
    expect(await act(admin, 'approve', request.id)).toMatchObject({
      status: 409,
      body: { message: 'This Custom Sender Name is pending review and cannot be approved.' },
    });
    expect(await act(admin, 'send-to-provider', request.id)).toEqual({ status: 200, body: { message: 'Custom Sender Name sent to mobile provider' } });
    expect((await pending())[0]).toMatchObject({ id: request.id, status: 'waiting_mobile_provider' });
    expect((await act(admin, 'send-to-provider', request.id)).status).toBe(409);
    expect(await findApprovedSenderName(t.db, customer.id)).toBeNull();

    expect(await act(admin, 'approve', request.id)).toEqual({ status: 200, body: { message: 'Custom Sender Name approved successfully' } });
    expect(await pending()).toEqual([]);
    expect(await findApprovedSenderName(t.db, customer.id)).toBe('MYSHOP1');
    const me = (await customer.call('GET', '/api/auth/me')).body;
    expect(me.settings.sender_name).toBe('MYSHOP1');
    expect(me.features.customSender).toBe(true);
    // The customer's next message goes out under the approved name.
    const sent = await customer.call('POST', '/api/message/send', { recipient: '+38640111333', message: 'Under my own name' });
    expect(sent.body.sender).toBe('MYSHOP1');
    const [row] = await t.db.select().from(messages).where(eq(messages.id, sent.body.results[0].id));
    expect(row!.senderName).toBe('MYSHOP1');
    // Both decisions are in the audit log, with the admin and the move.
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.targetId, request.id)).orderBy(auditLog.createdAt);
    expect(audit.map((a) => [a.action, a.adminUserId, a.after])).toEqual([
      ['sender_name_sent_to_provider', admin.id, { status: 'waiting_mobile_provider' }],
      ['sender_name_approved', admin.id, { status: 'active' }],
    ]);
    expect(await act(admin, 'deny', request.id)).toMatchObject({
      status: 409,
      body: { message: 'This Custom Sender Name is already approved and cannot be denied.' },
    });
    expect((await act(admin, 'approve', '6f1c2a6e-1111-4a5b-9c3d-000000000000')).status).toBe(404);
    expect(await act(admin, 'approve', 'nope')).toMatchObject({ status: 404, body: { message: 'Custom Sender Name request not found' } });
  });

  it('two admins acting at once move a request once', async () => {
    const other = await signInCustomer(t, '+38641600002');
    await setBalance(t.db, other.id, 20_000_000);
    const bought = await buySender(other, 'RACE');
    const results = await Promise.all(Array.from({ length: 8 }, () => act(admin, 'send-to-provider', bought.body.userProduct.id)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(7);
  });
});

describe('denial and re-registration', () => {
  let denier: Customer;
  let requestId: string;

  beforeAll(async () => {
    denier = await signInCustomer(t, '+38641600003');
    await setBalance(t.db, denier.id, 20_000_000);
    requestId = (await buySender(denier, 'FIRSTTRY')).body.userProduct.id;
  });

  it('re-registering needs a denied request', async () => {
    expect(await denier.call('POST', '/api/user/products/reregister-custom-sender', { senderName: 'SECOND' })).toMatchObject({
      status: 409,
      body: { message: 'You already have a Custom Sender Name awaiting approval.' },
    });
    const fresh = await signInCustomer(t, '+38641600004');
    expect(await fresh.call('POST', '/api/user/products/reregister-custom-sender', { senderName: 'SECOND' })).toMatchObject({
      status: 400,
      body: { message: 'You have no denied Custom Sender Name to re-register.' },
    });
  });

  it('denies from pending or waiting, and a denied name goes back for approval free of charge', async () => {
    expect(await act(admin, 'deny', requestId)).toEqual({ status: 200, body: { message: 'Custom Sender Name denied' } });
    expect(await findApprovedSenderName(t.db, denier.id)).toBeNull();
    const [listed] = (await denier.call('GET', '/api/user/products')).body.userProducts;
    expect(listed).toMatchObject({ status: 'denied', custom_sender_name: 'FIRSTTRY' });

    const balance = await balanceOf(t.db, denier.id);
    const ledgerRows = (await ledgerOf(t.db, denier.id)).length;
    // Buying the product again is refused: the denied name is re-registered free instead.
    expect(await buySender(denier, 'PAIDAGAIN')).toMatchObject({
      status: 409,
      body: { code: 'sender_denied_reregister', message: expect.stringMatching(/free of charge/) },
    });
    expect(await balanceOf(t.db, denier.id)).toBe(balance);
    expect((await denier.call('POST', '/api/user/products/reregister-custom-sender', { senderName: 'bad name' })).body.message).toBe(
      'Sender name may contain only letters and numbers',
    );
    expect(await denier.call('POST', '/api/user/products/reregister-custom-sender', { senderName: 'second2' })).toEqual({
      status: 200,
      body: { message: 'Your new Custom Sender Name has been submitted for approval.' },
    });
    expect(await balanceOf(t.db, denier.id)).toBe(balance);
    expect(await ledgerOf(t.db, denier.id)).toHaveLength(ledgerRows);
    const products = (await denier.call('GET', '/api/user/products')).body.userProducts;
    expect(products).toHaveLength(1);
    expect(products[0]).toMatchObject({ id: requestId, status: 'pending', custom_sender_name: 'SECOND2' });

    // Denied again from waiting_mobile_provider, then re-registered and approved.
    expect((await act(admin, 'send-to-provider', requestId)).status).toBe(200);
    expect((await act(admin, 'deny', requestId)).status).toBe(200);
    expect((await denier.call('POST', '/api/user/products/reregister-custom-sender', { senderName: 'THIRD' })).status).toBe(200);
    expect((await act(admin, 'send-to-provider', requestId)).status).toBe(200);
    expect((await act(admin, 'approve', requestId)).status).toBe(200);
    expect(await findApprovedSenderName(t.db, denier.id)).toBe('THIRD');
    const [row] = await t.db.select({ senderName: users.senderName }).from(users).where(eq(users.id, denier.id));
    expect(row!.senderName).toBe('THIRD');
    // The audit says which state each denial moved the request from, not "pending or waiting".
    const denials = await t.db.select().from(auditLog).where(and(eq(auditLog.targetId, requestId), eq(auditLog.action, 'sender_name_denied'))).orderBy(auditLog.createdAt);
    expect(denials.map((a) => [a.before, a.after])).toEqual([
      [{ status: 'pending' }, { status: 'denied' }],
      [{ status: 'waiting_mobile_provider' }, { status: 'denied' }],
    ]);
  });

  it('an approved name the admin removes stops being the sender name everywhere, and settings still save', async () => {
    const del = await admin.call('DELETE', `/api/admin/users/${denier.id}/products/${requestId}`);
    expect(del.status).toBe(200);
    const [row] = await t.db.select({ senderName: users.senderName }).from(users).where(eq(users.id, denier.id));
    expect(row!.senderName).toBeNull();
    expect(await findApprovedSenderName(t.db, denier.id)).toBeNull();
    expect((await denier.call('GET', '/api/auth/me')).body.settings.sender_name).toBe(DEFAULT_SENDER_NAME);
    expect((await admin.call('GET', `/api/users/${denier.id}`)).body.user.settings.sender_name).toBeNull();
    const saved = await admin.call('PATCH', `/api/admin/users/${denier.id}/settings`, { sender_name: DEFAULT_SENDER_NAME, primary_channel: 'viber' });
    expect(saved.status).toBe(200);
  });
});
