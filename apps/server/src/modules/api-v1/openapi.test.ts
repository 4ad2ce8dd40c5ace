// The OpenAPI 3.1 document of /api/v1: generated from the route schemas, valid for a third-party
// validator, and good enough for a third-party generator: types generated from it at test time by
// openapi-typescript must type-check a client written with openapi-fetch, and that client, over
// real HTTP, sends a message and reads its status back.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Validator } from '@seriousme/openapi-schema-validator';
import createClient from 'openapi-fetch';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { retryUnmatchedReceipts } from '../messages/lifecycle/receipts';
import { SimulatorProvider } from '../../providers/sms/simulator/simulator';
import { createTestApp, type TestApp } from '../../test/helper';
import { dispatcherFor, newPhone } from '../messages/messages.test-support';
import { apiCustomer } from './api-v1.test-support';

let t: TestApp;
let doc: Record<string, unknown> & { paths: Record<string, unknown>; openapi: string };
beforeAll(async () => {
  t = await createTestApp();
  const res = await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
  expect(res.statusCode).toBe(200);
  doc = res.json();
});
afterAll(() => t?.close());

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..');

/** A client as a customer would write it against the generated types. */
const CLIENT_SOURCE = `
import createClient from 'openapi-fetch';
import type { paths } from './api';

export async function sendAndRead(baseUrl: string, key: string, to: string) {
  const client = createClient<paths>({ baseUrl, headers: { authorization: 'Bearer ' + key } });
  const sent = await client.POST('/api/v1/messages', {
    body: { to, text: 'Hello from a generated client', channel: 'sms' },
    params: { header: { 'idempotency-key': 'generated-1' } },
  });
  if (sent.error) throw new Error(sent.error.error.code + ': ' + sent.error.error.message);
  const id: string = sent.data.messages[0]!.id;
  const total: number = sent.data.total_price;
  const read = await client.GET('/api/v1/messages/{id}', { params: { path: { id } } });
  const status: 'pending' | 'sent' | 'delivered' | 'failed' | 'scheduled' | 'deleted' | undefined = read.data?.status;
  const list = await client.GET('/api/v1/messages', { params: { query: { limit: 10, status: 'pending' } } });
  const cursor: string | null | undefined = list.data?.next_cursor;
  return { id, total, status, cursor };
}
`;

describe('/api/v1/openapi.json', () => {
  it('is OpenAPI 3.1 with only the /api/v1 routes, bearer-key security and the error shape', () => {
    expect(doc.openapi).toBe('3.1.0');
    const paths = Object.keys(doc.paths);
    expect(paths).toEqual(expect.arrayContaining(['/api/v1/messages', '/api/v1/messages/quote', '/api/v1/messages/{id}', '/api/v1/balance', '/api/v1/phonebooks', '/api/v1/phonebooks/{id}/contacts/import']));
    expect(paths.every((p) => p.startsWith('/api/v1/'))).toBe(true);
    expect(paths).not.toContain('/api/v1/openapi.json');
    expect(JSON.stringify(doc)).toContain('"#/components/schemas/Error"');
    expect(doc).toMatchObject({ components: { securitySchemes: { ApiKey: { type: 'http', scheme: 'bearer' } } } });
  });

  it('passes a third-party OpenAPI validator (@seriousme/openapi-schema-validator)', async () => {
    const validator = new Validator();
    const result = await validator.validate(doc as never);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('generates types (openapi-typescript) that type-check an openapi-fetch client, which sends and reads a message', async () => {
    const dir = path.join(ROOT, 'node_modules/.cache', `kurir-openapi-${process.pid}-${Date.now()}`);
    fs.mkdirSync(dir, { recursive: true });
    try {
      fs.writeFileSync(path.join(dir, 'api.ts'), astToString(await openapiTS(doc as never)));
      fs.writeFileSync(path.join(dir, 'client.ts'), CLIENT_SOURCE);
      const program = ts.createProgram([path.join(dir, 'client.ts')], {
        strict: true,
        noEmit: true,
        target: ts.ScriptTarget.ES2022,
        module: ts.ModuleKind.ESNext,
        moduleResolution: ts.ModuleResolutionKind.Bundler,
        skipLibCheck: true,
        lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'],
      });
      const problems = ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
      expect(problems).toEqual([]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }

    // The same calls at run time, over real HTTP.
    const c = await apiCustomer(t, { credit: 1_000_000 });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const baseUrl = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
    const client = createClient<Record<string, never>>({ baseUrl, headers: { authorization: `Bearer ${c.key}` } });
    const to = newPhone('001');
    const sent = await client.POST('/api/v1/messages' as never, { body: { to, text: 'Hello from a generated client' } } as never);
    expect(sent.response.status).toBe(201);
    const id = (sent.data as unknown as { messages: { id: string }[] }).messages[0]!.id;

    const simulator = new SimulatorProvider(t.db, { delayMs: 0 });
    await dispatcherFor(t.db, simulator).runOnce();
    let status = '';
    for (let i = 0; i < 50 && status !== 'delivered'; i++) {
      const read = await client.GET('/api/v1/messages/{id}' as never, { params: { path: { id } } } as never);
      status = (read.data as unknown as { status: string }).status;
      if (status === 'delivered') break;
      await retryUnmatchedReceipts(t.db); // a receipt that overtook the record of the provider id
      await new Promise((r) => setTimeout(r, 50));
    }
    await simulator.close();
    expect(status).toBe('delivered');
  });
});
