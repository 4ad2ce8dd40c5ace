// One POST of a webhook: JSON body, our headers, a timeout, no redirects followed, and the SSRF
// guard on the address actually connected to. Resolves with the status code; rejects on network
// errors and timeouts.
import http from 'node:http';
import https from 'node:https';
import { guardedLookup } from './ssrf-guard';

export interface PostResult {
  status: number;
  latencyMs: number;
}

export function postWebhook(url: string, body: string, headers: Record<string, string>, options: { timeoutMs: number; allowPrivate: boolean }): Promise<PostResult> {
  const target = new URL(url);
  const client = target.protocol === 'https:' ? https : http;
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const request = client.request(
      target,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)), 'user-agent': 'Kurir-Webhooks/1.0', ...headers },
        lookup: guardedLookup(options.allowPrivate),
        timeout: options.timeoutMs,
      },
      (response) => {
        // The answer's body is not needed; read it so the socket is released.
        response.resume();
        response.on('end', () => resolve({ status: response.statusCode ?? 0, latencyMs: Math.round(performance.now() - started) }));
        response.on('error', reject);
      },
    );
    request.on('timeout', () => request.destroy(new Error(`Timed out after ${options.timeoutMs} ms`)));
    request.on('error', reject);
    request.end(body);
  });
}
