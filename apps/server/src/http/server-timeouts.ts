// How long the HTTP server waits on a client. Fastify's defaults wait for ever for a request
// (`requestTimeout: 0`, which also turns off Node's headers timeout) and on a silent socket, so a
// client that sends its headers or body a byte at a time (slowloris), or opens connections and
// sends nothing, held a socket and its buffers for as long as it liked. Constants, not settings:
// each follows from a limit of the app's own (the CSV import's deadlines) or of what stands in
// front of it (a load balancer's idle timeout), not from anything an operator tunes.
import type { FastifyHttpOptions } from 'fastify';
import type { Server } from 'node:http';
import { STREAM_IMPORT_MAX_SECONDS } from '@kurir/core';

export interface ServerTimeouts {
  /** A request's headers, from its first byte (or from the connection's opening). */
  headersMs: number;
  /** A request's headers and body, from its first byte; not the reply, however long the handler takes. */
  requestMs: number;
  /** A kept-alive connection with no request on it. */
  keepAliveMs: number;
  /** A socket on which nothing is sent or received (a client that vanished, or stopped reading the reply). */
  silenceMs: number;
  /** How often Node looks for requests past `headersMs` or `requestMs`: each is met up to this late. */
  checkEveryMs: number;
}

export const SERVER_TIMEOUTS: ServerTimeouts = {
  // Headers are a few KB, sent at once; 30 s covers a poor mobile link's retransmissions.
  headersMs: 30_000,
  // The CSV import's upload may take up to 5 minutes, and its own deadlines answer it with a
  // message (a 400, csv-upload.ts) before this cuts the socket with a bare 408 (which browsers
  // repeat unasked). Counted from the request's first byte, while the upload's deadline starts at
  // the handler's first read: two more minutes cover the headers and the sign-in and phonebook
  // checks in between (on PGlite, queued behind another import's transaction).
  requestMs: (STREAM_IMPORT_MAX_SECONDS + 120) * 1000,
  // Longer than the 60 s idle timeout of the load balancers in front (AWS ALB, nginx), so the
  // server never closes a connection a balancer is about to reuse (its 502s).
  keepAliveMs: 72_000,
  // Past the longest silence of a legitimate exchange: the upload's 30 s idle deadline (it must
  // answer first, with its message), and a large import's transaction after the upload, when
  // nothing is sent either way (about 20 s for 1 000 000 rows on PGlite, more when queued there
  // behind the other imports that import-slots.ts lets run).
  silenceMs: 5 * 60_000,
  // Node's default is 30 s, which would let a slow client keep its headers going for up to a
  // minute; the check is a walk over the requests still coming in, cheap every 10 s.
  checkEveryMs: 10_000,
};

/** Fastify's options for `timeouts`; Node's own (headers, checking) go through `http`. */
export function serverTimeoutOptions(timeouts: ServerTimeouts): Pick<FastifyHttpOptions<Server>, 'requestTimeout' | 'keepAliveTimeout' | 'connectionTimeout' | 'http'> {
  return {
    requestTimeout: timeouts.requestMs,
    keepAliveTimeout: timeouts.keepAliveMs,
    connectionTimeout: timeouts.silenceMs,
    http: { headersTimeout: timeouts.headersMs, connectionsCheckingInterval: timeouts.checkEveryMs },
  };
}

