// Templates: admins keep the shared ones (Admin or User type) with the spec's messages; customers
// read only the User-type ones, and keep their own, which nobody else can see or change.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../../db/schema';
import { createTestApp, TEST_ADMIN_PHONE, type TestApp } from '../../../test/helper';
import { signedIn, type Caller } from '../admin.test-support';

let t: TestApp;
let admin: Caller;
let a: Caller;
let b: Caller;
beforeAll(async () => {
  t = await createTestApp({ CODE_REQUESTS_PER_IP_HOUR: '100000', AUTH_RATE_LIMIT_PER_MINUTE: '100000' });
  admin = await signedIn(t, TEST_ADMIN_PHONE);
  a = await signedIn(t, '+38641850001');
  b = await signedIn(t, '+38641850002', 'slave');
});
afterAll(() => t?.close());

const names = (body: { templates: { name: string }[] }) => body.templates.map((x) => x.name);

describe('shared templates', () => {
  it('validate with the spec messages', async () => {
    const post = (payload: object) => admin.call('POST', '/api/sms/templates', payload);
    expect((await post({ name: ' ', content: 'x', category: 'general' })).body.message).toBe('Name is required');
    expect((await post({ name: 'n', content: '', category: 'general' })).body.message).toBe('Content is required');
    expect((await post({ name: 'n', content: 'x' })).body.message).toBe('Category is required');
    expect((await post({ name: 'n', content: 'x', category: 'spam' })).body.message).toBe('Category is required');
  });

  it('are created, edited and deleted with the spec toasts and audited; customers read only the User type', async () => {
    const admins = await admin.call('POST', '/api/sms/templates', { name: 'Ops notice', content: 'Hello from ops', category: 'notification', is_admin_template: true });
    expect(admins.body).toMatchObject({ message: 'Template created successfully!', template: { is_admin_template: true, own: false } });
    const users = await admin.call('POST', '/api/sms/templates', { name: 'Welcome', content: 'Welcome aboard', category: 'welcome' });
    expect(users.body.template.is_admin_template).toBe(false);
    expect(names((await admin.call('GET', '/api/sms/templates')).body)).toEqual(['Ops notice', 'Welcome']);
    expect(names((await a.call('GET', '/api/sms/templates')).body)).toEqual(['Welcome']);

    const edited = await admin.call('PUT', `/api/sms/templates/${users.body.template.id}`, { name: 'Welcome!', content: 'Welcome aboard', category: 'welcome' });
    expect(edited.body).toMatchObject({ message: 'Template updated successfully!', template: { name: 'Welcome!' } });
    expect((await a.call('DELETE', `/api/sms/templates/${admins.body.template.id}`)).status).toBe(403);
    expect((await admin.call('DELETE', `/api/sms/templates/${admins.body.template.id}`)).body).toEqual({ message: 'Template deleted successfully!' });
    expect((await admin.call('DELETE', `/api/sms/templates/${admins.body.template.id}`)).status).toBe(404);
    const actions = (await t.db.select().from(auditLog).where(eq(auditLog.targetType, 'template'))).map((x) => x.action).sort();
    expect(actions).toEqual(['template_created', 'template_created', 'template_deleted', 'template_updated']);
  });
});

describe('editing a shared template with the fields the spec sends (name, content, category)', () => {
  it('keeps its type: an Admin template does not become a User template that every customer reads', async () => {
    const ops = await admin.call('POST', '/api/sms/templates', { name: 'Ops only', content: 'Internal wording', category: 'general', is_admin_template: true });
    const edited = await admin.call('PUT', `/api/sms/templates/${ops.body.template.id}`, { name: 'Ops only', content: 'Internal wording, v2', category: 'general' });
    expect(edited.status).toBe(200);
    expect(edited.body.template.is_admin_template).toBe(true);
    expect(names((await a.call('GET', '/api/sms/templates')).body)).not.toContain('Ops only');
    // Saying the type still changes it.
    const retyped = await admin.call('PUT', `/api/sms/templates/${ops.body.template.id}`, { name: 'Ops only', content: 'x', category: 'general', is_admin_template: false });
    expect(retyped.body.template.is_admin_template).toBe(false);
    await admin.call('DELETE', `/api/sms/templates/${ops.body.template.id}`);
  });
});

describe("a customer's own templates", () => {
  it('are theirs alone, next to the User-type shared ones', async () => {
    const mine = await a.call('POST', '/api/templates', { name: 'Mine', content: 'Only me', category: 'reminder' });
    expect(mine.body).toMatchObject({ message: 'Template created successfully!', template: { own: true } });
    expect(names((await a.call('GET', '/api/templates')).body)).toEqual(expect.arrayContaining(['Mine', 'Welcome!']));
    expect(names((await b.call('GET', '/api/templates')).body)).not.toContain('Mine');
    expect(names((await admin.call('GET', '/api/sms/templates')).body)).not.toContain('Mine');
    const id = mine.body.template.id;
    expect((await b.call('PUT', `/api/templates/${id}`, { name: 'Stolen', content: 'x', category: 'general' })).status).toBe(404);
    expect((await b.call('DELETE', `/api/templates/${id}`)).status).toBe(404);
    const shared = (await a.call('GET', '/api/sms/templates')).body.templates[0].id;
    expect((await a.call('DELETE', `/api/templates/${shared}`)).status).toBe(404);
    expect((await a.call('PUT', `/api/templates/${id}`, { name: 'Mine 2', content: 'Only me', category: 'reminder' })).body.template.name).toBe('Mine 2');
    expect((await a.call('DELETE', `/api/templates/${id}`)).status).toBe(200);
  });
});
