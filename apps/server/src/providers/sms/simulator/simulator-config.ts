// SMS_PROVIDER=simulator (the default): its member of the SMS configuration union in config.ts.
import { z } from 'zod';

export const simulatorEnvSchema = z
  .object({
    SMS_PROVIDER: z.literal('simulator'),
    SIMULATOR_DELAY_MS: z.coerce.number().int().min(0).default(1500),
    SIMULATOR_FAILURE_RATE: z.coerce.number().min(0).max(1).default(0.05),
    SIMULATOR_NOT_ON_VIBER_RATE: z.coerce.number().min(0).max(1).default(0.3),
    /** A minute, so a demo shows the Viber fallback without waiting a day. */
    VIBER_VALIDITY_SECONDS: z.coerce.number().int().min(1).default(60),
  })
  .transform((e) => ({
    provider: 'simulator' as const,
    viberValiditySeconds: e.VIBER_VALIDITY_SECONDS,
    simulator: {
      delayMs: e.SIMULATOR_DELAY_MS,
      failureRate: e.SIMULATOR_FAILURE_RATE,
      notOnViberRate: e.SIMULATOR_NOT_ON_VIBER_RATE,
    },
  }));
