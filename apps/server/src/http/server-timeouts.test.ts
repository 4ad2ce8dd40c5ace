// The HTTP server's waits on a client (server-timeouts.ts), over real sockets: a client that sends
// its headers or body slowly, or nothing at all, loses its connection after a set time; a reply
// that takes long is not cut. Short values are given to a second app for the test.
import http from 'node:http';
import net from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STREAM_IMPORT_IDLE_SECONDS, STREAM_IMPORT_MAX_SECONDS } from '@kurir/core';
import { buildApp } from '../app';
import { SimulatorProvider } from '../providers/sms/simulator/simulator';
import { createTestApp, type TestApp } from '../test/helper';
import { SERVER_TIMEOUTS, type ServerTimeouts } from './server-timeouts';

const KEY = 'another-test-key-that-is-long-enough-0123456789';
const SHORT: ServerTimeouts = { headersMs: 300, requestMs: 800, keepAliveMs: 72_000, silenceMs: 10_000, checkEveryMs: 50 };
const SLOW_REPLY_MS = SHORT.requestMs * 2;

let t: TestApp;
const listening: FastifyInstance[] = [];

async function listen(timeouts?: ServerTimeouts): Promise<number> {
  const app = await buildApp({ config: t.config, db: t.db, sms: new SimulatorProvider(t.db), codeKey: KEY }, { logger: false, timeouts });
  app.post('/api/test/slow-reply', { config: { access: 'public' } }, async () => {
    await sleep(SLOW_REPLY_MS);
    return { ok: true };
  });
  listening.push(app);
  await app.listen({ host: '127.0.0.1', port: 0 });
  return (app.server.address() as net.AddressInfo).port;
}

let port: number;
beforeAll(async () => {
  t = await createTestApp();
  port = await listen(SHORT);
});
afterAll(async () => {
  for (const app of listening) await app.close();
  await t?.close();
});

/** Opens a raw connection, lets `talk` write to it, and waits (up to 5 s) for the server to close it. */
function untilClosed(talk: (socket: net.Socket) => void): Promise<{ afterMs: number; received: string }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const started = performance.now();
    let received = '';
    const giveUp = setTimeout(() => {
      socket.destroy();
      reject(new Error(`the connection was still open after 5 s; received ${JSON.stringify(received)}`));
    }, 5000);
    socket.setEncoding('utf8');
    socket.on('data', (data: string) => (received += data));
    socket.on('error', () => undefined); // a reset is a close too
    socket.on('close', () => {
      clearTimeout(giveUp);
      resolve({ afterMs: performance.now() - started, received });
    });
    socket.on('connect', () => talk(socket));
  });
}

/** Writes `text` a character every 50 ms until the socket is gone. */
function trickle(socket: net.Socket, text: string) {
  let at = 0;
  const timer = setInterval(() => {
    if (socket.destroyed || at >= text.length) return clearInterval(timer);
    socket.write(text[at++]!);
  }, 50);
}

describe('a slow client', () => {
  it('whose headers never end is answered 408 and cut off after the headers timeout', async () => {
    const closed = await untilClosed((socket) => socket.write('GET /api/health HTTP/1.1\r\nHost: kurir\r\nX-Slow: '));
    expect(closed.received).toMatch(/^HTTP\/1\.1 408 /);
    expect(closed.afterMs).toBeGreaterThanOrEqual(SHORT.headersMs * 0.9);
    expect(closed.afterMs).toBeLessThan(SHORT.requestMs);
  });

  it('that opens a connection and sends nothing is cut off after the headers timeout', async () => {
    const closed = await untilClosed(() => undefined);
    expect(closed.afterMs).toBeGreaterThanOrEqual(SHORT.headersMs * 0.9);
    expect(closed.afterMs).toBeLessThan(SHORT.requestMs);
  });

  it('that trickles its headers is cut off after the headers timeout, however steady the trickle', async () => {
    const closed = await untilClosed((socket) => trickle(socket, `GET /api/health HTTP/1.1\r\nHost: kurir\r\nX-Slow: ${'a'.repeat(200)}\r\n\r\n`));
    expect(closed.received).toMatch(/^HTTP\/1\.1 408 /);
    expect(closed.afterMs).toBeLessThan(SHORT.requestMs);
  });

  it('that trickles its body is answered 408 and cut off after the request timeout', async () => {
    const body = JSON.stringify({ phone: '+38641000999' }).padEnd(200, ' ');
    const closed = await untilClosed((socket) => {
      socket.write(`POST /api/auth/register HTTP/1.1\r\nHost: kurir\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`);
      trickle(socket, body);
    });
    expect(closed.received).toMatch(/^HTTP\/1\.1 408 /);
    expect(closed.afterMs).toBeGreaterThanOrEqual(SHORT.requestMs * 0.9);
  });
});

describe('a reply that takes long', () => {
  it('is not cut by the request timeout, which counts only until the request is in', async () => {
    const closed = await untilClosed((socket) =>
      socket.write('POST /api/test/slow-reply HTTP/1.1\r\nHost: kurir\r\nContent-Type: application/json\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}'),
    );
    expect(closed.received).toMatch(/^HTTP\/1\.1 200 /);
    expect(closed.afterMs).toBeGreaterThanOrEqual(SLOW_REPLY_MS * 0.9);
  });
});

describe('the values in production', () => {
  it('let the CSV import’s own deadlines answer first: the whole upload, and its silences', () => {
    expect(SERVER_TIMEOUTS.requestMs).toBeGreaterThan(STREAM_IMPORT_MAX_SECONDS * 1000 + SERVER_TIMEOUTS.headersMs);
    expect(SERVER_TIMEOUTS.silenceMs).toBeGreaterThan(STREAM_IMPORT_IDLE_SECONDS * 1000);
  });

  it('keep an idle connection open longer than a load balancer’s 60 s, and say so', async () => {
    const defaultPort = await listen();
    const agent = new http.Agent({ keepAlive: true });
    const keepAlive = await new Promise<unknown>((resolve, reject) => {
      http.get({ host: '127.0.0.1', port: defaultPort, path: '/api/health', agent }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.headers['keep-alive']));
      }).on('error', reject);
    }).finally(() => agent.destroy());
    expect(SERVER_TIMEOUTS.keepAliveMs).toBeGreaterThan(60_000);
    expect(keepAlive).toBe(`timeout=${SERVER_TIMEOUTS.keepAliveMs / 1000}`);
  });
});
