// One transceiver bind to the SMSC, kept alive: connect, bind_transceiver, enquire_link every N
// seconds, and on a lost socket, an unanswered enquire_link or an unbind from the SMSC, reconnect
// with exponential backoff (1 s, 2 s, 4 s … capped). Requests are matched to their responses by
// sequence number; whatever is outstanding when a connection dies fails as temporary. The socket,
// its framing and the PDUs are our own (smpp-pdu.ts).
import { connect, type Socket } from 'node:net';
import type { Logger } from 'pino';
import { ProviderError } from '../types';
import { ESME_RINVCMDID, ESME_RX_T_APPN, statusName } from './smpp-status';
import {
  decodePdu,
  encodeBindTransceiver,
  encodeDataSmResp,
  encodeDeliverSmResp,
  encodeHeaderOnly,
  isResponse,
  HEADER_LENGTH,
  MAX_PDU_LENGTH,
  type DataSm,
  type DeliverSm,
  type Delivery,
  type InboundPdu,
} from './smpp-pdu';

export interface LinkSettings {
  host: string;
  port: number;
  systemId: string;
  password: string;
  systemType: string;
  enquireLinkMs: number;
  responseTimeoutMs: number;
  reconnectMinMs: number;
  reconnectMaxMs: number;
}

/** Answers a deliver_sm or data_sm: resolves to the command_status of its response. */
export type DeliveryHandler = (pdu: Delivery) => Promise<number>;

/** Sequence numbers run from 1 to 0x7FFFFFFF (SMPP 3.4 §3.2), then start again. */
const MAX_SEQUENCE = 0x7fffffff;

/**
 * Writes a PDU, gathering every PDU written on the socket in the same tick into one system call.
 * The dispatcher fills the window with a burst of submit_sm, and a batch of receipts is answered
 * with a burst of deliver_sm_resp: one write for each burst, not one per PDU (socket writes were
 * a quarter of the process's CPU at gateway rates).
 */
function writeGathered(socket: Socket, pdu: Buffer): boolean {
  if (!socket.writable) return false;
  if (socket.writableCorked === 0) {
    socket.cork();
    process.nextTick(() => socket.uncork());
  }
  socket.write(pdu);
  return true;
}

/** Cuts the byte stream from the SMSC into whole PDUs by their command_length. */
export class PduFramer {
  private rest: Buffer | null = null;

  /** Calls `onPdu` with each whole PDU; throws when a length cannot be a PDU's (the stream is broken). */
  push(chunk: Buffer, onPdu: (pdu: Buffer) => void): void {
    const buffer = this.rest ? Buffer.concat([this.rest, chunk]) : chunk;
    let offset = 0;
    while (buffer.length - offset >= 4) {
      const length = buffer.readUInt32BE(offset);
      if (length < HEADER_LENGTH || length > MAX_PDU_LENGTH) throw new Error(`the SMS centre sent a PDU of ${length} bytes`);
      if (buffer.length - offset < length) break;
      onPdu(buffer.subarray(offset, offset + length));
      offset += length;
    }
    this.rest = offset < buffer.length ? buffer.subarray(offset) : null;
  }
}

/** One TCP session and the requests waiting for their responses on it. */
export class Bind {
  private readonly pending = new Map<number, { resolve: (pdu: InboundPdu) => void; reject: (e: Error) => void; timer: NodeJS.Timeout }>();
  private sequence = 0;

  constructor(readonly socket: Socket) {}

  /** Sends the request `encode` lays out under the next sequence number; resolves with its response. */
  request(encode: (sequence: number) => Buffer, timeoutMs: number): Promise<InboundPdu> {
    return new Promise((resolve, reject) => {
      this.sequence = this.sequence >= MAX_SEQUENCE ? 1 : this.sequence + 1;
      const sequence = this.sequence;
      if (!writeGathered(this.socket, encode(sequence))) {
        reject(new ProviderError('The connection to the SMS centre was lost', false, 'connection_lost', { unavailable: true }));
        return;
      }
      const timer = setTimeout(() => {
        this.pending.delete(sequence);
        reject(new ProviderError('The SMS centre did not answer in time', false, 'response_timeout', { unavailable: true }));
      }, timeoutMs);
      this.pending.set(sequence, { resolve, reject, timer });
    });
  }

  /** Sends a response (or anything that expects none). */
  send(pdu: Buffer): boolean {
    return writeGathered(this.socket, pdu);
  }

  settle(response: InboundPdu): void {
    const waiting = this.pending.get(response.sequence);
    if (!waiting) return;
    this.pending.delete(response.sequence);
    clearTimeout(waiting.timer);
    waiting.resolve(response);
  }

  failAll(error: Error): void {
    for (const { reject, timer } of this.pending.values()) {
      clearTimeout(timer);
      reject(error);
    }
    this.pending.clear();
  }
}

export class SmppLink {
  private current: Bind | null = null;
  private bound = false;

  get isBound(): boolean {
    return this.bound;
  }
  private closed = false;
  private attempts = 0;
  private reconnectTimer: NodeJS.Timeout | undefined;
  private bindDeadline: NodeJS.Timeout | undefined;
  private enquireTimer: NodeJS.Timeout | undefined;
  private readonly waiters = new Set<{ resolve: (bind: Bind) => void; reject: (e: Error) => void; timer: NodeJS.Timeout }>();
  /** Why the last connection or bind failed; shown in the error of submits that gave up waiting. */
  private lastError: string | undefined;

  constructor(
    private readonly settings: LinkSettings,
    private readonly log: Logger,
    private readonly onDelivery: DeliveryHandler,
  ) {}

  start(): void {
    this.connect();
  }

  /** Bound now, and why not if not (for the admin System Status). */
  status(): { bound: boolean; lastError: string | undefined } {
    return { bound: this.bound, lastError: this.lastError };
  }

  /** The bound session, waiting up to `timeoutMs` for a (re)bind. */
  waitForBind(timeoutMs: number): Promise<Bind> {
    if (this.closed) return Promise.reject(closingError());
    if (this.bound && this.current) return Promise.resolve(this.current);
    return new Promise((resolve, reject) => {
      const waiter = {
        resolve,
        reject,
        timer: setTimeout(() => {
          this.waiters.delete(waiter);
          const why = this.lastError ? `: ${this.lastError}` : '';
          reject(new ProviderError(`Not connected to the SMS centre${why}`, false, 'not_bound', { unavailable: true }));
        }, timeoutMs),
      };
      this.waiters.add(waiter);
    });
  }

  /** Unbinds politely, then closes the socket; no reconnect afterwards. */
  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.reconnectTimer);
    clearInterval(this.enquireTimer);
    for (const waiter of this.waiters) {
      clearTimeout(waiter.timer);
      waiter.reject(closingError());
    }
    this.waiters.clear();
    const bind = this.current;
    if (!bind) return;
    if (this.bound) {
      await bind.request((sequence) => encodeHeaderOnly('unbind', sequence), Math.min(5000, this.settings.responseTimeoutMs)).catch(() => undefined);
    }
    await new Promise<void>((resolve) => {
      if (bind.socket.destroyed) return resolve();
      const force = setTimeout(() => bind.socket.destroy(), 2000);
      bind.socket.once('close', () => {
        clearTimeout(force);
        resolve();
      });
      bind.socket.end();
    });
  }

  private connect(): void {
    const { host, port } = this.settings;
    const socket = connect({ host, port });
    const bind = new Bind(socket);
    const framer = new PduFramer();
    this.current = bind;
    // Covers a TCP connect that hangs as well as a bind_transceiver nobody answers.
    this.bindDeadline = setTimeout(() => {
      this.lastError = 'connecting timed out';
      socket.destroy();
    }, this.connectTimeoutMs);
    socket.on('connect', () => {
      socket.setNoDelay(true);
      void this.authenticate(bind);
    });
    socket.on('data', (chunk: Buffer) => {
      try {
        framer.push(chunk, (pdu) => this.onPdu(bind, decodePdu(pdu)));
      } catch (error) {
        // A length that cannot be a PDU: nothing after it can be read. Reconnect.
        this.lastError = (error as Error).message;
        this.log.warn({ err: error }, 'SMPP stream broken; reconnecting');
        socket.destroy();
      }
    });
    socket.on('error', (error: Error) => {
      this.lastError = error.message;
      this.log.warn({ err: error }, 'SMPP connection error');
    });
    socket.on('close', () => this.onClose(bind));
  }

  private async authenticate(bind: Bind): Promise<void> {
    const { systemId, password, systemType } = this.settings;
    try {
      const response = await bind.request((sequence) => encodeBindTransceiver({ systemId, password, systemType }, sequence), this.connectTimeoutMs);
      if (response.status !== 0) {
        this.lastError = `bind refused (${statusName(response.status)})`;
        this.log.error({ status: statusName(response.status) }, 'SMPP bind refused; check SMPP_SYSTEM_ID and SMPP_PASSWORD');
        bind.socket.destroy();
        return;
      }
    } catch {
      bind.socket.destroy();
      return;
    }
    if (this.current !== bind || this.closed) return;
    clearTimeout(this.bindDeadline);
    this.bound = true;
    this.attempts = 0;
    this.lastError = undefined;
    this.log.info({ host: this.settings.host, port: this.settings.port }, 'SMPP bound as transceiver');
    this.enquireTimer = setInterval(() => this.enquire(bind), this.settings.enquireLinkMs);
    for (const waiter of this.waiters) {
      clearTimeout(waiter.timer);
      waiter.resolve(bind);
    }
    this.waiters.clear();
  }

  /** Connecting and binding may take a little longer than a submit's response. */
  private get connectTimeoutMs(): number {
    return Math.max(this.settings.responseTimeoutMs, 5000);
  }

  private enquire(bind: Bind): void {
    bind.request((sequence) => encodeHeaderOnly('enquire_link', sequence), this.settings.responseTimeoutMs).catch(() => {
      if (this.current !== bind || this.closed) return;
      this.lastError = 'enquire_link not answered';
      this.log.warn('SMPP enquire_link not answered; reconnecting');
      bind.socket.destroy();
    });
  }

  private onPdu(bind: Bind, pdu: InboundPdu): void {
    if (isResponse(pdu)) return bind.settle(pdu);
    switch (pdu.command) {
      case 'enquire_link':
        bind.send(encodeHeaderOnly('enquire_link_resp', pdu.sequence));
        return;
      case 'deliver_sm':
        this.answerDelivery(bind, pdu as DeliverSm, encodeDeliverSmResp);
        return;
      case 'data_sm':
        // SMPP 3.4 lets an SMSC send receipts (and mobile-originated messages) this way too.
        this.answerDelivery(bind, pdu as DataSm, encodeDataSmResp);
        return;
      case 'unbind':
        // The SMSC is going away (maintenance, failover): answer, close, and rebind after backoff.
        this.bound = false;
        bind.send(encodeHeaderOnly('unbind_resp', pdu.sequence));
        bind.socket.end();
        return;
      case 'alert_notification':
        return; // has no response in SMPP 3.4
      default:
        bind.send(encodeHeaderOnly('generic_nack', pdu.sequence, ESME_RINVCMDID));
    }
  }

  /** Answers with the status the handler resolves to; a handler that fails refuses it (the SMSC sends it again). */
  private answerDelivery(bind: Bind, pdu: DeliverSm | DataSm, encodeResp: (sequence: number, status: number) => Buffer): void {
    void this.onDelivery(pdu)
      .catch((error: unknown) => {
        this.log.error({ err: error }, `handling a ${pdu.command} failed`);
        return ESME_RX_T_APPN;
      })
      .then((status) => bind.send(encodeResp(pdu.sequence, status)));
  }

  private onClose(bind: Bind): void {
    if (this.current !== bind) return;
    const wasBound = this.bound;
    this.current = null;
    this.bound = false;
    clearTimeout(this.bindDeadline);
    clearInterval(this.enquireTimer);
    bind.failAll(new ProviderError('The connection to the SMS centre was lost', false, 'connection_lost', { unavailable: true }));
    if (this.closed) return;
    const delay = Math.min(this.settings.reconnectMaxMs, this.settings.reconnectMinMs * 2 ** this.attempts);
    this.attempts++;
    this.log.warn({ delayMs: delay, wasBound, reason: this.lastError }, 'SMPP connection closed; reconnecting');
    this.reconnectTimer = setTimeout(() => this.connect(), delay);
  }
}

function closingError(): ProviderError {
  return new ProviderError('The SMS provider is shutting down', false, 'closing', { unavailable: true });
}
