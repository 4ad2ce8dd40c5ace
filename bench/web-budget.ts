// The web app's performance and accessibility budget (issue 14), checked against the built app
// as `npm start` serves it: Lighthouse (mobile, simulated throttling) on the landing page, /login
// and the signed-in pages; axe-core (WCAG 2.2 AA) on every page, signed out and signed in (with
// data and empty), at phone and desktop widths; the JavaScript each page loads before it settles
// (gzip bytes); console errors. Exits with status 1 when a budget is broken.
//
//   npm run build && node --import tsx bench/web-budget.ts             # everything
//   node --import tsx bench/web-budget.ts --skip-lighthouse            # axe, JS and console only
//   node --import tsx bench/web-budget.ts --lighthouse-only            # Lighthouse only
//   PAGES=/login,/dashboard node --import tsx bench/web-budget.ts --verbose   # some pages, each script listed
//   node --import tsx bench/web-budget.ts --screenshots                # also screenshots/ at 390 and 1280 px
//   LH_REPORT_DIR=/tmp/lh node --import tsx bench/web-budget.ts --lighthouse-only   # also each Lighthouse report (JSON)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import lighthouse from 'lighthouse';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, DESKTOP, PHONE, SCREENSHOT_DIR } from '../e2e/support/browser';
import { readCode, startServer, type RunningServer } from '../e2e/support/server';

const args = new Set(process.argv.slice(2));
const LIGHTHOUSE_PORT = 9333;
const AXE_SOURCE = fs.readFileSync(path.resolve(import.meta.dirname, '../node_modules/axe-core/axe.min.js'), 'utf8');
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** The budgets of issue 14. */
const BUDGET = {
  landingJsKb: 100,
  pageJsKb: 200,
  lighthouse: {
    public: { performance: 95, accessibility: 100, 'best-practices': 95, seo: 95 },
    signedIn: { performance: 90, accessibility: 100, 'best-practices': 95 },
  },
};

const ONLY = process.env.PAGES?.split(',');
const PUBLIC_PAGES = ONLY ?? ['/', '/login', '/register', '/help', '/privacy', '/terms', '/no-such-page'];
const SIGNED_IN_PAGES = ONLY ?? [
  '/dashboard',
  '/dashboard/send-sms',
  '/dashboard/messages',
  '/dashboard/scheduled-messages',
  '/dashboard/phonebook',
  '/dashboard/profile',
  '/dashboard/products',
  '/dashboard/no-such-page',
];
const LIGHTHOUSE_PUBLIC = process.env.LH_PAGES ? process.env.LH_PAGES.split(',').filter((p) => !p.startsWith('/dashboard')) : ['/', '/login'];
const LIGHTHOUSE_SIGNED_IN = process.env.LH_PAGES ? process.env.LH_PAGES.split(',').filter((p) => p.startsWith('/dashboard')) : ['/dashboard', '/dashboard/send-sms', '/dashboard/messages', '/dashboard/phonebook', '/dashboard/products'];

const failures: string[] = [];
const fail = (line: string) => failures.push(line);

// --- accounts -------------------------------------------------------------------------------

type Session = { cookie: string; phonebookId?: string };

async function call(server: RunningServer, session: Session | null, method: string, url: string, body?: unknown) {
  const res = await fetch(`${server.url}${url}`, {
    method,
    headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...(session ? { cookie: session.cookie } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
  return { res, json: (await res.json()) as Record<string, unknown> };
}

async function signIn(server: RunningServer, phone: string): Promise<Session> {
  await call(server, null, 'POST', '/api/auth/register', { phone });
  const { res } = await call(server, null, 'POST', '/api/auth/verify', { phone, code: await readCode(server.url, phone) });
  const cookie = res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  return { cookie };
}

/** A customer with history: credit, Phonebook and Schedule Send, contacts, sent and scheduled messages. */
async function seedCustomer(server: RunningServer, session: Session) {
  const { json: topUp } = await call(server, session, 'POST', '/api/payments/top-up', { amount: 50 });
  await call(server, session, 'POST', '/api/payments/test/confirm', {
    clientSecret: topUp.clientSecret,
    cardNumber: '4242424242424242',
    expiry: '12/34',
    cvc: '123',
  });
  const { json: catalogue } = await call(server, session, 'GET', '/api/products/available');
  for (const name of ['Phonebook', 'Schedule Send']) {
    const product = (catalogue.products as { id: string; name: string }[]).find((p) => p.name === name);
    if (product) await call(server, session, 'POST', '/api/user/products/purchase', { productId: product.id });
  }
  const { json: book } = await call(server, session, 'POST', '/api/phonebooks', { name: 'Regular customers', description: 'Opted in at the till' });
  const phonebookId = String((book.phonebook as { id: string } | undefined)?.id ?? book.id);
  await call(server, session, 'POST', `/api/phonebooks/${phonebookId}/entries/bulk`, {
    entries: [
      { name: 'Ana Novak', phone_number: '+38640111222', email: 'ana@example.com', notes: '' },
      { name: 'Marko Kranjc', phone_number: '+38641333444', email: '', notes: 'Prefers mornings' },
    ],
  });
  await call(server, session, 'POST', '/api/message/send', {
    recipients: ['+38640111222', '+38641333444'],
    message: 'Your order is ready for pickup. Thank you for shopping with us!',
    channel: 'sms',
  });
  const tomorrow = new Date(Date.now() + 24 * 3600 * 1000).toISOString();
  await call(server, session, 'POST', '/api/messages/schedule', {
    recipients: ['+38640111222', '+38641333444'],
    message: 'Reminder: our shop is closed on Monday.',
    channel: 'sms',
    scheduledFor: tomorrow,
  });
  session.phonebookId = phonebookId;
}

// --- one page in the browser: JS, console, axe ----------------------------------------------

type PageReport = { path: string; jsGzipKb: number; consoleErrors: string[]; violations: { id: string; nodes: number; help: string; where: string[] }[] };

async function visit(context: BrowserContext, url: string): Promise<{ page: Page; jsGzip: number; consoleErrors: string[] }> {
  const page = await context.newPage();
  const consoleErrors: string[] = [];
  let jsGzip = 0;
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  page.on('pageerror', (error) => consoleErrors.push(error.message));
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'script') return;
    const body = await response.body().catch(() => null);
    if (!body) return;
    const size = zlib.gzipSync(body).length;
    jsGzip += size;
    if (args.has('--verbose')) console.log(`  ${url} ${response.url().split('/').pop()} ${(size / 1024).toFixed(1)} KB`);
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  // Skeletons give way to data; let the page settle.
  await page.waitForTimeout(500);
  return { page, jsGzip, consoleErrors };
}

async function axe(page: Page) {
  // Evaluated through the DevTools protocol, which the page's CSP (no inline scripts) does not govern.
  await page.evaluate(AXE_SOURCE);
  return page.evaluate(async (tags) => {
    type Node = { target: string[]; failureSummary?: string };
    // Runs in the page; the bench is compiled without the DOM's types.
    const w = globalThis as unknown as {
      document: unknown;
      axe: { run: (ctx: unknown, opts: unknown) => Promise<{ violations: { id: string; help: string; nodes: Node[] }[] }> };
    };
    const result = await w.axe.run(w.document, { runOnly: { type: 'tag', values: tags } });
    return result.violations.map((v) => ({
      id: v.id,
      help: v.help,
      nodes: v.nodes.length,
      where: v.nodes.slice(0, 3).map((n) => `${n.target.join(' ')} [${(n.failureSummary ?? '').split('\n').slice(1, 2).join('').trim()}]`),
    }));
  }, AXE_TAGS);
}

async function checkPages(browser: Browser, server: RunningServer, label: string, session: Session | null, pages: string[]) {
  const reports: PageReport[] = [];
  for (const [width, viewport] of [['phone', PHONE], ['desktop', DESKTOP]] as const) {
    const context = await browser.newContext({ viewport });
    if (session) {
      const [name, value] = session.cookie.split('=') as [string, string];
      await context.addCookies([{ name, value, url: server.url }]);
    }
    for (const pagePath of pages) {
      const url = `${server.url}${pagePath}`;
      const { page, jsGzip, consoleErrors } = await visit(context, url);
      const violations = await axe(page);
      if (args.has('--screenshots')) {
        fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
        const name = `${label}-${pagePath === '/' ? 'landing' : pagePath.slice(1).replace(/\//g, '-')}-${width === 'phone' ? 390 : 1280}`;
        await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage: true });
      }
      await page.close();
      const report = { path: `${pagePath} (${label}, ${width})`, jsGzipKb: jsGzip / 1024, consoleErrors, violations };
      reports.push(report);
      const limit = pagePath === '/' ? BUDGET.landingJsKb : BUDGET.pageJsKb;
      if (report.jsGzipKb > limit) fail(`${report.path}: ${report.jsGzipKb.toFixed(1)} KB gzip JS > ${limit} KB`);
      for (const v of violations) fail(`${report.path}: axe ${v.id} (${v.nodes} nodes): ${v.help}: ${v.where.join(' | ')}`);
      // A 404 page's own document request is the one expected "error" the browser logs.
      const errors = consoleErrors.filter((e) => !(pagePath.includes('no-such-page') && e.includes('404')));
      for (const e of errors) fail(`${report.path}: console error: ${e}`);
    }
    await context.close();
  }
  return reports;
}

/** The send review dialog, open, at both widths: axe on it, and its screenshots with --screenshots. */
async function checkSendReview(browser: Browser, server: RunningServer, session: Session) {
  const reports: PageReport[] = [];
  for (const [width, viewport] of [['phone', PHONE], ['desktop', DESKTOP]] as const) {
    const context = await browser.newContext({ viewport });
    const [name, value] = session.cookie.split('=') as [string, string];
    await context.addCookies([{ name, value, url: server.url }]);
    const { page, consoleErrors } = await visit(context, `${server.url}/dashboard/send-sms`);
    await page.getByLabel('Recipient 1', { exact: true }).fill('+38640111222');
    await page.getByRole('textbox', { name: 'Message' }).fill('Your order is ready for pickup.');
    await page.getByRole('button', { name: 'Send Now' }).click();
    await page.getByTestId('send-review').waitFor();
    await page.waitForTimeout(300); // the dialog's opening transition
    const violations = await axe(page);
    if (args.has('--screenshots')) {
      fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, `with-data-send-review-${width === 'phone' ? 390 : 1280}.png`) });
    }
    const report = { path: `send review dialog (with-data, ${width})`, jsGzipKb: 0, consoleErrors, violations };
    reports.push(report);
    for (const v of violations) fail(`${report.path}: axe ${v.id} (${v.nodes} nodes): ${v.help}: ${v.where.join(' | ')}`);
    for (const e of consoleErrors) fail(`${report.path}: console error: ${e}`);
    await context.close();
  }
  return reports;
}

// --- Lighthouse -----------------------------------------------------------------------------

type Scores = Record<string, number>;

async function runLighthouse(url: string, cookie?: string, attempt = 1): Promise<Scores> {
  const result = await lighthouse(
    url,
    { port: LIGHTHOUSE_PORT, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'], ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}) },
    // The default config is a phone (Moto G Power) on slow 4G with simulated throttling.
  );
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  // On a loaded machine Chromium now and then loses the trace (NO_NAVSTART, NO_FCP): the run
  // measured nothing, so it is run again once rather than counted as a score of 0.
  if (result.lhr.runtimeError && attempt === 1) {
    console.log(`  ${url}: Lighthouse runtime error ${result.lhr.runtimeError.code}; running it again`);
    return runLighthouse(url, cookie, 2);
  }
  if (process.env.LH_REPORT_DIR) {
    // The whole report, to see where the time goes (the LCP element, the request chains).
    fs.mkdirSync(process.env.LH_REPORT_DIR, { recursive: true });
    const name = new URL(url).pathname.replace(/\//g, '_') || '_';
    fs.writeFileSync(path.join(process.env.LH_REPORT_DIR, `${name}.json`), JSON.stringify(result.lhr));
  }
  const scores: Scores = {};
  for (const [id, category] of Object.entries(result.lhr.categories)) scores[id] = Math.round((category.score ?? 0) * 100);
  scores.lcpMs = Math.round(result.lhr.audits['largest-contentful-paint']?.numericValue ?? 0);
  scores.cls = Number((result.lhr.audits['cumulative-layout-shift']?.numericValue ?? 0).toFixed(3));
  scores.tbtMs = Math.round(result.lhr.audits['total-blocking-time']?.numericValue ?? 0);
  // What cost points outside performance, so a broken budget says why.
  for (const id of ['accessibility', 'best-practices', 'seo']) {
    for (const ref of result.lhr.categories[id]?.auditRefs ?? []) {
      const audit = result.lhr.audits[ref.id];
      if (ref.weight > 0 && audit && audit.score !== null && audit.score < 1) console.log(`  ${url}: ${id} audit failed: ${ref.id} (${audit.title})`);
    }
  }
  if (result.lhr.runtimeError) console.log(`  ${url}: Lighthouse runtime error: ${result.lhr.runtimeError.message}`);
  return scores;
}

async function lighthousePages(server: RunningServer, session: Session) {
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', `--remote-debugging-port=${LIGHTHOUSE_PORT}`, '--no-first-run'],
  });
  const rows: { path: string; scores: Scores }[] = [];
  try {
    const measure = async (pagePath: string, cookie: string | undefined, budget: Record<string, number>) => {
      const scores = await runLighthouse(`${server.url}${pagePath}`, cookie);
      rows.push({ path: pagePath, scores });
      for (const [category, min] of Object.entries(budget)) {
        if ((scores[category] ?? 0) < min) fail(`Lighthouse ${pagePath}: ${category} ${scores[category]} < ${min}`);
      }
    };
    for (const p of LIGHTHOUSE_PUBLIC) await measure(p, undefined, BUDGET.lighthouse.public);
    for (const p of LIGHTHOUSE_SIGNED_IN) await measure(p, session.cookie, BUDGET.lighthouse.signedIn);
  } finally {
    await browser.close();
  }
  return rows;
}

// --- main -----------------------------------------------------------------------------------

async function main() {
  const load = os.loadavg().map((l) => l.toFixed(1)).join(' ');
  console.log(`web-budget: ${new Date().toISOString()}, Node ${process.version}, ${os.cpus().length} cores, load ${load}`);
  const server = await startServer({ SIMULATOR_DELAY_MS: '100' });
  const browser = await launchBrowser();
  try {
    const withData = await signIn(server, '+38640900100');
    await seedCustomer(server, withData);
    const empty = await signIn(server, '+38640900200');
    const contacts = `/dashboard/phonebook/${withData.phonebookId}/entries`;

    const reports = args.has('--lighthouse-only')
      ? []
      : [
          ...(await checkPages(browser, server, 'signed-out', null, PUBLIC_PAGES)),
          ...(await checkPages(browser, server, 'with-data', withData, [...SIGNED_IN_PAGES, contacts])),
          ...(await checkSendReview(browser, server, withData)),
          ...(await checkPages(browser, server, 'empty', empty, SIGNED_IN_PAGES)),
        ];
    console.log('\npage                                                   JS gzip  axe  console');
    for (const r of reports) {
      console.log(`${r.path.padEnd(54)} ${r.jsGzipKb.toFixed(1).padStart(6)} KB ${String(r.violations.length).padStart(4)} ${String(r.consoleErrors.length).padStart(8)}`);
    }

    if (!args.has('--skip-lighthouse')) {
      const rows = await lighthousePages(server, withData);
      console.log(`\nLighthouse (mobile, simulated throttling), load ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
      console.log('page                           perf  a11y  best  seo   LCP ms  TBT ms  CLS');
      for (const { path: p, scores: s } of rows) {
        console.log(
          `${p.padEnd(30)} ${[s.performance, s.accessibility, s['best-practices'], s.seo].map((v) => String(v).padStart(4)).join('  ')}  ${String(s.lcpMs).padStart(7)} ${String(s.tbtMs).padStart(7)}  ${s.cls}`,
        );
      }
    }
  } finally {
    await browser.close();
    await server.stop();
  }
  if (failures.length > 0) {
    console.log(`\nBUDGET BROKEN (${failures.length}):\n${failures.map((f) => `  - ${f}`).join('\n')}`);
    process.exitCode = 1;
  } else {
    console.log('\nAll budgets hold.');
  }
}

await main();
