// Types for the parts of `smpp` 0.5.1 (CommonJS, no bundled types) that Kurir uses: sessions on
// both ends, PDUs and the error/constant tables. PDU fields are dynamic in the library, so a PDU
// carries the fields we read as optional properties plus an index signature for the rest.
declare module 'smpp' {
  import { EventEmitter } from 'node:events';
  import { Server as NetServer, type Socket } from 'node:net';

  namespace smpp {
    /** `short_message` as the library decodes it (text by data_coding, UDH split off). */
    interface DecodedMessage {
      message: string | Buffer;
      udh?: Buffer[];
    }

    /** What `short_message` accepts when encoding: text, raw bytes, or a UDH plus text. */
    type ShortMessage = string | Buffer | { udh?: Buffer; message: string | Buffer };

    class PDU {
      constructor(command: string, options?: Record<string, unknown>);
      command: string;
      command_id: number;
      command_status: number;
      sequence_number: number;
      system_id?: string;
      password?: string;
      message_id?: string;
      esm_class?: number;
      data_coding?: number | null;
      registered_delivery?: number;
      source_addr?: string;
      source_addr_ton?: number;
      source_addr_npi?: number;
      destination_addr?: string;
      dest_addr_ton?: number;
      dest_addr_npi?: number;
      short_message?: DecodedMessage | ShortMessage;
      receipted_message_id?: string;
      message_state?: number;
      network_error_code?: Buffer;
      [field: string]: unknown;
      isResponse(): boolean;
      response(options?: Record<string, unknown>): PDU;
      toBuffer(): Buffer;
      static maxLength: number;
      static fromBuffer(buffer: Buffer): PDU;
    }

    interface ConnectOptions {
      host?: string;
      port?: number;
      url?: string;
      tls?: boolean;
      auto_enquire_link_period?: number;
    }

    class Session extends EventEmitter {
      socket: Socket;
      sequence: number;
      server?: Server;
      /** Writes a PDU; false when the socket is not writable. Assigns `sequence_number`. */
      send(pdu: PDU, responseCallback?: (pdu: PDU) => void, sendCallback?: (pdu: PDU) => void): boolean;
      close(callback?: () => void): void;
      destroy(callback?: () => void): void;
      pause(): void;
      resume(): void;
      on(event: 'pdu' | string, listener: (pdu: PDU) => void): this;
      on(event: 'connect' | 'close', listener: () => void): this;
      on(event: 'error', listener: (error: Error) => void): this;
    }

    class Server extends NetServer {
      sessions: Session[];
    }

    function connect(options: ConnectOptions, listener?: () => void): Session;
    function createServer(options: Record<string, unknown>, listener?: (session: Session) => void): Server;
    function createServer(listener?: (session: Session) => void): Server;

    /** command_status names to values (ESME_ROK, ESME_RTHROTTLED …). */
    const errors: Record<string, number>;
    const encodings: {
      ASCII: { encode(text: string): Buffer; decode(bytes: Buffer): string };
      UCS2: { encode(text: string): Buffer; decode(bytes: Buffer): string };
    };
    const consts: {
      ESM_CLASS: Record<string, number>;
      MESSAGE_STATE: Record<string, number>;
      ENCODING: Record<string, number>;
      TON: Record<string, number>;
      NPI: Record<string, number>;
    };
  }

  export = smpp;
}
