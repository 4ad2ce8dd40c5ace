// docs/routes.md is the app's route table as text: it fails here when a route is added, removed or
// changes its access or body without the file being regenerated.
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ROUTE_DOC_COMMAND, ROUTE_DOC_PATH, renderRouteDoc, summariseBody } from './route-doc';

describe('docs/routes.md', () => {
  it('is what the app serves now', async () => {
    const expected = await renderRouteDoc();
    const actual = fs.existsSync(ROUTE_DOC_PATH) ? fs.readFileSync(ROUTE_DOC_PATH, 'utf8') : '';
    if (actual !== expected) {
      expect.fail(`docs/routes.md is stale: the routes of the app changed. Run \`${ROUTE_DOC_COMMAND}\` and commit the file.`);
    }
  });

  it('lists every /api route once, each with its access', async () => {
    const rows = (await renderRouteDoc()).split('\n').filter((l) => /^\| (GET|POST|PUT|PATCH|DELETE) /.test(l));
    const keys = rows.map((r) => r.split(' | ').slice(0, 2).join(' '));
    expect(new Set(keys).size).toBe(keys.length);
    expect(rows.every((r) => / \| (public|customer|admin) \| /.test(r))).toBe(true);
    expect(keys).toContain('| POST `/api/message/send`');
  });
});

describe('summariseBody', () => {
  it('names each field with its type, optional ones (and those with a default) marked', () => {
    const schema = z.strictObject({ name: z.string(), tags: z.array(z.string()).optional(), kind: z.enum(['a', 'b']).default('a') });
    expect(summariseBody(schema)).toBe('`name: string`, `tags?: string[]`, `kind?: "a" \\| "b"`');
    expect(summariseBody(undefined)).toBe('');
  });
});
