// A small SMSC on 127.0.0.1 for the SMPP tests and the throughput bench: it checks the bind,
// answers submit_sm (accepting, or as a test decides: an error status, a delay, silence), can send
// receipts and other deliver_sm or data_sm, and records what it saw. Not used by the running app.
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import smpp from 'smpp';

export interface SubmitAnswer {
  /** command_status of the submit_sm_resp; 0 accepts. */
  status?: number;
  /** Holds the response back this long (to fill the window). */
  delayMs?: number;
  /** Never answers (to provoke the response timeout). */
  silent?: boolean;
}

export interface FakeSmscOptions {
  systemId?: string;
  password?: string;
  /** Decides each submit_sm_resp; accepts at once by default. */
  onSubmit?: (pdu: smpp.PDU, index: number) => SubmitAnswer | undefined;
  /** The message_id of the nth accepted submit (from 1), in the SMSC's own form; ids unique across instances by default. */
  messageId?: (n: number) => string;
  /** Sends a receipt with this stat (e.g. DELIVRD) after every accepted submit. */
  autoReceipt?: string;
  /** How those receipts name the message (some SMSCs write the submit_sm_resp's hex id in decimal); as answered by default. */
  receiptId?: (messageId: string) => string;
  /** Sends those receipts this long after the submit_sm_resp (a real network takes seconds). */
  receiptDelayMs?: number;
  /** Answers enquire_link (true unless a test wants a dead link). */
  answerEnquireLink?: boolean;
}

export interface SeenSubmit {
  pdu: smpp.PDU;
  at: number;
  messageId?: string;
}

export class FakeSmsc {
  readonly submits: SeenSubmit[] = [];
  readonly binds: Array<{ systemId: string; password: string; systemType: string; accepted: boolean }> = [];
  readonly unbinds: number[] = [];
  enquireLinks = 0;
  maxOutstanding = 0;
  private outstanding = 0;
  private nextId = 1;
  /** Makes ids unique across SMSC instances, as a real SMSC's are (benches reuse one database). */
  private readonly idPrefix = randomBytes(3).toString('hex');
  private readonly bound = new Set<smpp.Session>();

  private constructor(
    private readonly server: smpp.Server,
    private readonly options: FakeSmscOptions,
  ) {}

  static async start(options: FakeSmscOptions = {}): Promise<FakeSmsc> {
    const server = smpp.createServer({});
    const smsc = new FakeSmsc(server, options);
    server.on('session', (session: smpp.Session) => smsc.attach(session));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return smsc;
  }

  get port(): number {
    return (this.server.address() as AddressInfo).port;
  }

  get boundSessions(): number {
    return this.bound.size;
  }

  /** The `index`th client bound now, in the order they bound (several processes may bind). */
  boundSession(index: number): smpp.Session {
    const session = [...this.bound][index];
    if (!session) throw new Error(`no bound client ${index}`);
    return session;
  }

  /** Sends a deliver_sm to the (first) bound client and resolves with its deliver_sm_resp. */
  deliver(fields: Record<string, unknown>, to?: smpp.Session): Promise<smpp.PDU> {
    return this.request('deliver_sm', fields, to);
  }

  /** Sends a data_sm to the (first) bound client and resolves with its data_sm_resp. */
  dataSm(fields: Record<string, unknown>, to?: smpp.Session): Promise<smpp.PDU> {
    return this.request('data_sm', fields, to);
  }

  /** A receipt in the SMPP 3.4 Appendix B text form. */
  receipt(messageId: string, stat: string, err = '000', to?: smpp.Session): Promise<smpp.PDU> {
    const text = `id:${messageId} sub:001 dlvrd:${stat === 'DELIVRD' ? '001' : '000'} submit date:2601011200 done date:2601011201 stat:${stat} err:${err} text:`;
    return this.deliver({ source_addr: '38640111222', destination_addr: 'Kurir', esm_class: 0x04, short_message: Buffer.from(text, 'latin1') }, to);
  }

  /** Sends enquire_link to the bound client and resolves with its response. */
  enquire(): Promise<smpp.PDU> {
    const session = [...this.bound][0];
    if (!session) return Promise.reject(new Error('no bound client'));
    return new Promise((resolve) => session.send(new smpp.PDU('enquire_link'), resolve));
  }

  /** Cuts every connection, as a crashing SMSC or a network failure would. */
  dropConnections(): void {
    for (const session of this.server.sessions) session.destroy();
  }

  async stop(): Promise<void> {
    this.dropConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private request(command: string, fields: Record<string, unknown>, to?: smpp.Session): Promise<smpp.PDU> {
    const session = to ?? [...this.bound][0];
    if (!session) return Promise.reject(new Error('no bound client'));
    return new Promise((resolve) => session.send(new smpp.PDU(command, fields), resolve));
  }

  private attach(session: smpp.Session): void {
    session.socket.setNoDelay(true);
    session.on('error', () => undefined);
    session.on('close', () => this.bound.delete(session));
    session.on('bind_transceiver', (pdu: smpp.PDU) => {
      const accepted =
        pdu.system_id === (this.options.systemId ?? 'kurir') && pdu.password === (this.options.password ?? 'secret');
      this.binds.push({ systemId: String(pdu.system_id), password: String(pdu.password), systemType: String(pdu.system_type), accepted });
      if (accepted) this.bound.add(session);
      session.send(pdu.response(accepted ? {} : { command_status: smpp.errors.ESME_RINVPASWD }));
    });
    session.on('submit_sm', (pdu: smpp.PDU) => this.onSubmit(session, pdu));
    session.on('enquire_link', (pdu: smpp.PDU) => {
      this.enquireLinks++;
      if (this.options.answerEnquireLink !== false) session.send(pdu.response());
    });
    session.on('unbind', (pdu: smpp.PDU) => {
      this.unbinds.push(Date.now());
      this.bound.delete(session);
      session.send(pdu.response());
    });
  }

  private onSubmit(session: smpp.Session, pdu: smpp.PDU): void {
    const seen: SeenSubmit = { pdu, at: performance.now() };
    const index = this.submits.push(seen) - 1;
    if (!this.bound.has(session)) {
      session.send(pdu.response({ command_status: smpp.errors.ESME_RINVBNDSTS }));
      return;
    }
    const answer = this.options.onSubmit?.(pdu, index) ?? {};
    if (answer.silent) return;
    this.outstanding++;
    this.maxOutstanding = Math.max(this.maxOutstanding, this.outstanding);
    const respond = () => {
      this.outstanding--;
      if (session.socket.destroyed) return;
      if (answer.status) {
        session.send(pdu.response({ command_status: answer.status }));
        return;
      }
      const n = this.nextId++;
      const messageId = this.options.messageId?.(n) ?? `${this.idPrefix}${n}`;
      seen.messageId = messageId;
      session.send(pdu.response({ message_id: messageId }));
      const stat = this.options.autoReceipt;
      if (!stat) return;
      const receiptId = this.options.receiptId?.(messageId) ?? messageId;
      const send = () => void this.receipt(receiptId, stat, '000', session).catch(() => undefined);
      if (this.options.receiptDelayMs) setTimeout(send, this.options.receiptDelayMs);
      else send();
    };
    if (answer.delayMs) setTimeout(respond, answer.delayMs);
    else respond();
  }
}
