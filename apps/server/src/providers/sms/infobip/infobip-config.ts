// SMS_PROVIDER=infobip: its member of the SMS configuration union in config.ts.
import { z } from 'zod';
import type { InfobipSettings } from './infobip-provider';

const NEEDED = 'SMS_PROVIDER=infobip needs INFOBIP_BASE_URL, INFOBIP_API_KEY and INFOBIP_WEBHOOK_SECRET';

export const infobipEnvSchema = z
  .object({
    SMS_PROVIDER: z.literal('infobip'),
    INFOBIP_BASE_URL: z.string({ error: NEEDED }).url(),
    INFOBIP_API_KEY: z.string({ error: NEEDED }).min(1),
    INFOBIP_VIBER_SENDER: z.string().min(1).optional(),
    INFOBIP_WEBHOOK_SECRET: z.string({ error: NEEDED }).min(16, 'INFOBIP_WEBHOOK_SECRET must be at least 16 characters'),
    INFOBIP_NOTIFY_URL: z.string().url().optional(),
    INFOBIP_TIMEOUT_SECONDS: z.coerce.number().positive().default(15),
    /** Without INFOBIP_NOTIFY_URL, the webhook address is derived from the public address. */
    PUBLIC_URL: z.string().url().optional(),
    VIBER_VALIDITY_SECONDS: z.coerce.number().int().min(1).default(86_400),
  })
  .transform((e) => {
    const infobip: InfobipSettings = {
      baseUrl: e.INFOBIP_BASE_URL.replace(/\/+$/, ''),
      apiKey: e.INFOBIP_API_KEY,
      viberSender: e.INFOBIP_VIBER_SENDER,
      webhookSecret: e.INFOBIP_WEBHOOK_SECRET,
      // Where Infobip posts delivery reports; without PUBLIC_URL, set it in Infobip's portal.
      notifyUrl:
        e.INFOBIP_NOTIFY_URL ??
        (e.PUBLIC_URL ? `${e.PUBLIC_URL.replace(/\/+$/, '')}/api/webhooks/infobip/${encodeURIComponent(e.INFOBIP_WEBHOOK_SECRET)}` : undefined),
      timeoutMs: e.INFOBIP_TIMEOUT_SECONDS * 1000,
    };
    return { provider: 'infobip' as const, viberValiditySeconds: e.VIBER_VALIDITY_SECONDS, infobip };
  });
