// Picks the SMS/Viber provider the configuration names. Adding a vendor: its folder (provider and
// config schema), one member of the config union in config.ts, and one case here.
import pino, { type Logger } from 'pino';
import type { SmsConfig } from '../../config';
import type { Database } from '../../db/client';
import { InfobipProvider } from './infobip/infobip-provider';
import { SimulatorProvider } from './simulator/simulator';
import { SmppProvider } from './smpp/smpp-provider';
import { DatabasePartStore } from './smpp/part-store';
import type { SmsProvider } from './types';

export function createSmsProvider(
  config: SmsConfig,
  db: Database,
  /** Where a real provider logs its connection and delivery trouble. */
  log: Logger = pino({ name: 'sms' }),
): SmsProvider {
  switch (config.provider) {
    case 'simulator':
      return new SimulatorProvider(db, { ...config.simulator, viberValiditySeconds: config.viberValiditySeconds });
    case 'smpp':
      return new SmppProvider(config.smpp, log.child({ provider: 'smpp' }), new DatabasePartStore(db));
    case 'infobip':
      return new InfobipProvider(config.infobip, log.child({ provider: 'infobip' }));
  }
}
