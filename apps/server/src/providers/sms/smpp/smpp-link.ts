// One transceiver bind to the SMSC, kept alive: connect, bind_transceiver, enquire_link every N
// seconds, and on a lost socket, an unanswered enquire_link or an unbind from the SMSC, reconnect
// with exponential backoff (1 s, 2 s, 4 s … capped). Requests are matched to their responses by
// sequence number; whatever is outstanding when a connection dies fails as temporary.
import smpp from 'smpp';
import type { Logger } from 'pino';
import { ProviderError } from '../types';
import { statusName } from './smpp-status';

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

/** Answers a deliver_sm: resolves to the command_status of the deliver_sm_resp. */
export type DeliverSmHandler = (pdu: smpp.PDU) => Promise<number>;

const ESME_RINVCMDID = 0x03;
/** "Temporary application error": the SMSC keeps the deliver_sm and sends it again later. */
const ESME_RX_T_APPN = 0x64;

/**
 * Sends a PDU, gathering every PDU sent on the session in the same tick into one socket write.
 * The dispatcher fills the window with a burst of submit_sm, and a batch of receipts is answered
 * with a burst of deliver_sm_resp: one system call for each burst, not one per PDU (socket writes
 * were a quarter of the process's CPU at gateway rates).
 */
export function sendGathered(session: smpp.Session, pdu: smpp.PDU): boolean {
  const socket = session.socket;
  if (socket.writable && socket.writableCorked === 0) {
    socket.cork();
    process.nextTick(() => socket.uncork());
  }
  return session.send(pdu);
}

/** One TCP session and the requests waiting for their responses on it. */
export class Bind {
  private readonly pending = new Map<number, { resolve: (pdu: smpp.PDU) => void; reject: (e: Error) => void; timer: NodeJS.Timeout }>();

  constructor(readonly session: smpp.Session) {}

  request(pdu: smpp.PDU, timeoutMs: number): Promise<smpp.PDU> {
    return new Promise((resolve, reject) => {
      if (!sendGathered(this.session, pdu)) {
        reject(new ProviderError('The connection to the SMS centre was lost', false, 'connection_lost'));
        return;
      }
      const sequence = pdu.sequence_number;
      const timer = setTimeout(() => {
        this.pending.delete(sequence);
        reject(new ProviderError('The SMS centre did not answer in time', false, 'response_timeout'));
      }, timeoutMs);
      this.pending.set(sequence, { resolve, reject, timer });
    });
  }

  settle(response: smpp.PDU): void {
    const waiting = this.pending.get(response.sequence_number);
    if (!waiting) return;
    this.pending.delete(response.sequence_number);
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
    private readonly onDeliverSm: DeliverSmHandler,
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
          reject(new ProviderError(`Not connected to the SMS centre${why}`, false, 'not_bound'));
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
      await bind.request(new smpp.PDU('unbind'), Math.min(5000, this.settings.responseTimeoutMs)).catch(() => undefined);
    }
    await new Promise<void>((resolve) => {
      if (bind.session.socket.destroyed) return resolve();
      const force = setTimeout(() => bind.session.destroy(), 2000);
      bind.session.socket.once('close', () => {
        clearTimeout(force);
        resolve();
      });
      bind.session.close();
    });
  }

  private connect(): void {
    const { host, port } = this.settings;
    const session = smpp.connect({ host, port });
    const bind = new Bind(session);
    this.current = bind;
    // Covers a TCP connect that hangs as well as a bind_transceiver nobody answers.
    this.bindDeadline = setTimeout(() => {
      this.lastError = 'connecting timed out';
      session.destroy();
    }, this.connectTimeoutMs);
    session.on('connect', () => {
      session.socket.setNoDelay(true);
      void this.authenticate(bind);
    });
    session.on('pdu', (pdu: smpp.PDU) => this.onPdu(bind, pdu));
    session.on('error', (error: Error) => {
      this.lastError = error.message;
      this.log.warn({ err: error }, 'SMPP connection error');
    });
    session.on('close', () => this.onClose(bind));
  }

  private async authenticate(bind: Bind): Promise<void> {
    const { systemId, password, systemType } = this.settings;
    try {
      const pdu = new smpp.PDU('bind_transceiver', { system_id: systemId, password, system_type: systemType });
      const response = await bind.request(pdu, this.connectTimeoutMs);
      if (response.command_status !== 0) {
        this.lastError = `bind refused (${statusName(response.command_status)})`;
        this.log.error({ status: statusName(response.command_status) }, 'SMPP bind refused; check SMPP_SYSTEM_ID and SMPP_PASSWORD');
        bind.session.destroy();
        return;
      }
    } catch {
      bind.session.destroy();
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
    bind.request(new smpp.PDU('enquire_link'), this.settings.responseTimeoutMs).catch(() => {
      if (this.current !== bind || this.closed) return;
      this.lastError = 'enquire_link not answered';
      this.log.warn('SMPP enquire_link not answered; reconnecting');
      bind.session.destroy();
    });
  }

  private onPdu(bind: Bind, pdu: smpp.PDU): void {
    if (pdu.isResponse()) return bind.settle(pdu);
    const session = bind.session;
    switch (pdu.command) {
      case 'enquire_link':
        session.send(pdu.response());
        return;
      case 'deliver_sm':
        void this.onDeliverSm(pdu)
          .catch((error: unknown) => {
            this.log.error({ err: error }, 'handling a deliver_sm failed');
            return ESME_RX_T_APPN;
          })
          .then((status) => sendGathered(session, pdu.response({ command_status: status })));
        return;
      case 'unbind':
        // The SMSC is going away (maintenance, failover): answer, close, and rebind after backoff.
        this.bound = false;
        session.send(pdu.response(), () => session.close());
        return;
      case 'alert_notification':
        return; // has no response in SMPP 3.4
      default:
        session.send(new smpp.PDU('generic_nack', { sequence_number: pdu.sequence_number, command_status: ESME_RINVCMDID }));
    }
  }

  private onClose(bind: Bind): void {
    if (this.current !== bind) return;
    const wasBound = this.bound;
    this.current = null;
    this.bound = false;
    clearTimeout(this.bindDeadline);
    clearInterval(this.enquireTimer);
    bind.failAll(new ProviderError('The connection to the SMS centre was lost', false, 'connection_lost'));
    if (this.closed) return;
    const delay = Math.min(this.settings.reconnectMaxMs, this.settings.reconnectMinMs * 2 ** this.attempts);
    this.attempts++;
    this.log.warn({ delayMs: delay, wasBound, reason: this.lastError }, 'SMPP connection closed; reconnecting');
    this.reconnectTimer = setTimeout(() => this.connect(), delay);
  }
}

function closingError(): ProviderError {
  return new ProviderError('The SMS provider is shutting down', false, 'closing');
}
