// Screenshots of the main screens at desktop and phone widths, for a person to look at.
//
//   node --import tsx apps/web/scripts/screenshots.ts            # against the real server on :5000
//   MOCK=1 BASE_URL=http://localhost:4173 node --import tsx apps/web/scripts/screenshots.ts
//                                                               # against `vite preview`, API faked
//
// With the real server it signs up a fresh phone and reads the code from the dev outbox, the way
// a person trying Kurir would. Files land in screenshots/ (git-ignored).
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type Page, type Route } from 'playwright-core';

const BASE_URL = process.env.BASE_URL ?? 'http://localhost:5000';
const MOCK = process.env.MOCK === '1';
const MOCK_CODE = '482913';
const OUT = join(import.meta.dirname, '../../../screenshots');
const WIDTHS = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
];

function fakeUser(phone: string) {
  return {
    id: 'u_1',
    phone,
    first_name: null,
    last_name: null,
    email: null,
    company_name: null,
    address: null,
    city: null,
    zip_code: null,
    country: null,
    tax_id: null,
    role: 'admin',
    status: 'active',
    credit: 2,
    created_at: new Date().toISOString(),
    last_login: new Date().toISOString(),
    settings: { sender_name: 'Kurir', primary_channel: 'sms' },
    features: { viber: false, schedule: false, phonebook: false, customSender: false, api: false },
  };
}

/** A stand-in for the server, enough for the auth flow and the outbox. */
async function mockApi(page: Page) {
  let signedIn: string | null = null;
  const sent: { id: string; to: string; from: string; text: string; channel: string; created_at: string }[] = [];
  const json = (route: Route, status: number, body: unknown) =>
    route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) });
  await page.route('**/api/**', async (route) => {
    const url = new URL(route.request().url());
    const body = route.request().postDataJSON() as { phone?: string } | null;
    switch (url.pathname) {
      case '/api/auth/me':
        return signedIn ? json(route, 200, fakeUser(signedIn)) : json(route, 401, { message: 'Not authenticated' });
      case '/api/auth/register':
      case '/api/auth/request-verification':
        sent.push({
          id: String(sent.length + 1),
          to: body?.phone ?? '',
          from: 'Kurir',
          text: `Your Kurir verification code is ${MOCK_CODE}. It expires in 10 minutes.`,
          channel: 'sms',
          created_at: new Date().toISOString(),
        });
        return json(route, 200, { message: 'Verification code sent' });
      case '/api/auth/verify':
        signedIn = (route.request().postDataJSON() as { phone: string }).phone;
        return json(route, 200, { user: fakeUser(signedIn), isNewUser: true, accountDeactivated: false, message: 'ok' });
      case '/api/auth/logout':
        signedIn = null;
        return json(route, 200, { message: 'Logged out' });
      case '/api/dev/outbox':
        return json(route, 200, { messages: sent.filter((m) => !url.searchParams.get('to') || m.to === url.searchParams.get('to')) });
      default:
        return json(route, 404, { message: 'Not found' });
    }
  });
}

async function readCode(page: Page, phone: string): Promise<string> {
  // page.request bypasses page.route, so the fake outbox cannot be asked.
  if (MOCK) return MOCK_CODE;
  for (let attempt = 0; attempt < 20; attempt++) {
    const reply = await page.request.get(`${BASE_URL}/api/dev/outbox?to=${encodeURIComponent(phone)}`);
    if (reply.ok()) {
      const { messages } = (await reply.json()) as { messages: { text: string }[] };
      const code = messages.map((m) => /\b(\d{6})\b/.exec(m.text)?.[1]).find(Boolean);
      if (code) return code;
    }
    await page.waitForTimeout(500);
  }
  throw new Error(`No code for ${phone} in the dev outbox`);
}

type Shot = (name: string, fullPage?: boolean) => Promise<void>;
type Viewport = (typeof WIDTHS)[number];

/** The landing page whole, in screen-sized parts (too tall to read at phone width), and its top. */
async function shootLanding(page: Page, shot: Shot, viewport: Viewport) {
  await page.goto(`${BASE_URL}/`);
  await page.getByRole('heading', { level: 1 }).waitFor();
  await shot('landing', true);
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  for (let part = 0, y = 0; y < height; part++, y += viewport.height * 1.5) {
    await page.screenshot({
      path: join(OUT, `landing-${viewport.width}-part${part + 1}.png`),
      fullPage: true,
      clip: { x: 0, y, width: viewport.width, height: Math.min(viewport.height * 1.5, height - y) },
    });
  }
  await shot('landing-top');
}

/** Sign-in pages, sign-up through the outbox's code, the dashboard, 404, and logout. */
async function shootSignInJourney(page: Page, shot: Shot, viewport: Viewport) {
  await page.goto(`${BASE_URL}/login`);
  await page.getByRole('button', { name: 'Send verification code' }).click();
  await shot('login-error');

  const phone = `+38640${String(Date.now()).slice(-6)}${viewport.width === 390 ? '1' : '2'}`;
  await page.goto(`${BASE_URL}/register`);
  await page.getByLabel('Phone number').fill(phone.replace(/^(\+\d{3})(\d{2})/, '$1 $2 '));
  await shot('register');
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.waitForURL('**/verify');
  await shot('verify');

  await page.goto(`${BASE_URL}/dev/outbox`);
  await page.getByText('Developer outbox').waitFor();
  await page.waitForTimeout(1500);
  await shot('outbox');

  const code = await readCode(page, phone);
  await page.goto(`${BASE_URL}/verify`);
  await page.getByLabel('Verification code').fill(code);
  await page.keyboard.press('Enter');
  await page.waitForURL('**/dashboard');
  await page.getByText('Account balance').first().waitFor();
  await shot('dashboard');
  if (viewport.width < 768) {
    await page.getByRole('button', { name: 'Toggle navigation' }).click();
    await shot('dashboard-menu');
  }

  await page.goto(`${BASE_URL}/no/such/page`);
  await shot('not-found');

  // Signed in, the sign-in pages send you on; after logout the dashboard sends you back.
  await page.goto(`${BASE_URL}/LOGIN`);
  await page.waitForURL('**/dashboard');
  await page.getByRole('button', { name: 'Logout' }).click();
  await page.waitForURL('**/login');
  await page.goto(`${BASE_URL}/dashboard`);
  await page.waitForURL('**/login');
}

async function shootAtWidth(browser: Browser, viewport: Viewport, problems: string[]) {
  const context = await browser.newContext({ viewport, reducedMotion: 'reduce' });
  const page = await context.newPage();
  page.on('console', (message) => {
    // A 401 from /api/auth/me is how a signed-out visitor looks; the browser logs it anyway.
    if (message.type() === 'error' && !message.text().includes('401')) problems.push(`${viewport.width}px console: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`${viewport.width}px page error: ${error.message}`));
  if (MOCK) await mockApi(page);
  const shot: Shot = async (name, fullPage = false) => {
    await page.waitForTimeout(400); // let transitions settle
    const title = await page.title();
    if (title !== 'Kurir Authentication & Messaging') problems.push(`${name}: title is "${title}"`);
    await page.screenshot({ path: join(OUT, `${name}-${viewport.width}.png`), fullPage });
  };
  await shootLanding(page, shot, viewport);
  await shootSignInJourney(page, shot, viewport);
  await context.close();
}

/** The hero animation with motion allowed: a moment in, the first message has appeared. */
async function shootAnimatedHero(browser: Browser) {
  const context = await browser.newContext({ viewport: WIDTHS[0] });
  const page = await context.newPage();
  await page.goto(`${BASE_URL}/`);
  await page.waitForTimeout(2500);
  await page.screenshot({ path: join(OUT, 'landing-animated-1280.png') });
  await context.close();
}

async function main() {
  mkdirSync(OUT, { recursive: true });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  const problems: string[] = [];
  try {
    for (const viewport of WIDTHS) await shootAtWidth(browser, viewport, problems);
    await shootAnimatedHero(browser);
  } finally {
    await browser.close();
  }
  if (problems.length) {
    console.error(problems.join('\n'));
    process.exitCode = 1;
  }
  console.log(`Screenshots in ${OUT}`);
}

await main();
