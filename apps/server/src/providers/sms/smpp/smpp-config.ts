// SMS_PROVIDER=smpp: its member of the SMS configuration union in config.ts. Each setting is
// explained in the README's configuration table.
import { z } from 'zod';
import type { MessageIdType } from './message-ids';
import type { SmppSettings } from './smpp-provider';

const NEEDED = 'SMS_PROVIDER=smpp needs SMPP_HOST, SMPP_SYSTEM_ID and SMPP_PASSWORD';

export const smppEnvSchema = z
  .object({
    SMS_PROVIDER: z.literal('smpp'),
    SMPP_HOST: z.string({ error: NEEDED }).min(1),
    SMPP_PORT: z.coerce.number().int().min(1).max(65535).default(2775),
    SMPP_SYSTEM_ID: z.string({ error: NEEDED }).min(1),
    SMPP_PASSWORD: z.string({ error: NEEDED }),
    SMPP_SYSTEM_TYPE: z.string().default(''),
    SMPP_WINDOW: z.coerce.number().int().min(1).max(1000).default(10),
    SMPP_THROUGHPUT: z.coerce.number().min(0).default(100),
    SMPP_ENQUIRE_LINK_SECONDS: z.coerce.number().positive().default(30),
    SMPP_RESPONSE_TIMEOUT_SECONDS: z.coerce.number().positive().default(30),
    SMPP_BIND_WAIT_SECONDS: z.coerce.number().positive().default(10),
    SMPP_SOURCE_TON: z.coerce.number().int().min(0).max(6).optional(),
    SMPP_SOURCE_NPI: z.coerce.number().int().min(0).max(18).optional(),
    SMPP_DATA_CODING: z.enum(['0', '1']).default('0').transform((v) => (v === '1' ? 1 : 0) as 0 | 1),
    SMPP_MESSAGE_ID_TYPE: z
      .enum(['0', '1', '2', '3'])
      .optional()
      .transform((v) => (v === undefined ? undefined : (Number(v) as MessageIdType))),
    VIBER_VALIDITY_SECONDS: z.coerce.number().int().min(1).default(86_400),
  })
  .transform((e) => {
    const smpp: SmppSettings = {
      host: e.SMPP_HOST,
      port: e.SMPP_PORT,
      systemId: e.SMPP_SYSTEM_ID,
      password: e.SMPP_PASSWORD,
      systemType: e.SMPP_SYSTEM_TYPE,
      window: e.SMPP_WINDOW,
      throughput: e.SMPP_THROUGHPUT,
      enquireLinkSeconds: e.SMPP_ENQUIRE_LINK_SECONDS,
      responseTimeoutSeconds: e.SMPP_RESPONSE_TIMEOUT_SECONDS,
      bindWaitSeconds: e.SMPP_BIND_WAIT_SECONDS,
      sourceTon: e.SMPP_SOURCE_TON,
      sourceNpi: e.SMPP_SOURCE_NPI,
      dataCoding: e.SMPP_DATA_CODING,
      messageIdType: e.SMPP_MESSAGE_ID_TYPE,
    };
    return { provider: 'smpp' as const, viberValiditySeconds: e.VIBER_VALIDITY_SECONDS, smpp };
  });
