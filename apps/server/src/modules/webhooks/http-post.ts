// One POST of a webhook: JSON body, our headers, no redirects followed, and the SSRF guard on the
// address actually connected to (the lookup's answer, or the address the URL names). Resolves
// with the status code as soon as it arrives (the answer's body is not read); rejects on network
// errors, and when no status came within the timeout: a deadline on the whole request, not on each
// silence, so a receiver that trickles bytes cannot hold a delivery slot for longer.
import http from 'node:http';
import https from 'node:https';
import { guardedLookup, privateLiteralHost } from './ssrf-guard';

export interface PostResult {
  status: number;
  latencyMs: number;
}

export function postWebhook(url: string, body: string, headers: Record<string, string>, options: { timeoutMs: number; allowPrivate: boolean }): Promise<PostResult> {
  const target = new URL(url);
  // An address in the URL is connected to without a lookup, so it is checked here instead.
  const refused = privateLiteralHost(target.hostname, options.allowPrivate);
  if (refused) return Promise.reject(refused);
  const client = target.protocol === 'https:' ? https : http;
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const request = client.request(
      target,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)), 'user-agent': 'Kurir-Webhooks/1.0', ...headers },
        lookup: guardedLookup(options.allowPrivate),
      },
      (response) => {
        clearTimeout(deadline);
        resolve({ status: response.statusCode ?? 0, latencyMs: Math.round(performance.now() - started) });
        // The body is not needed, and may be endless: the connection is closed instead of read.
        response.destroy();
      },
    );
    const deadline = setTimeout(() => request.destroy(new Error(`Timed out after ${options.timeoutMs} ms`)), options.timeoutMs);
    request.on('error', (error) => {
      clearTimeout(deadline);
      reject(error);
    });
    request.end(body);
  });
}
