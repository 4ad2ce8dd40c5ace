// Picks the SMS/Viber provider the configuration names. Adding a vendor: its folder, the config
// enum, and one case here.
import pino, { type Logger } from 'pino';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { InfobipProvider } from './infobip/infobip-provider';
import { SimulatorProvider } from './simulator/simulator';
import { SmppProvider } from './smpp/smpp-provider';
import type { SmsProvider } from './types';

export function createSmsProvider(
  config: Config['sms'],
  db: Database,
  /** Where a real provider logs its connection and delivery trouble. */
  log: Logger = pino({ name: 'sms' }),
): SmsProvider {
  switch (config.provider) {
    case 'simulator':
      return new SimulatorProvider(db, { ...config.simulator, viberValiditySeconds: config.viberValiditySeconds });
    case 'smpp':
      return new SmppProvider(config.smpp!, log.child({ provider: 'smpp' }));
    case 'infobip':
      return new InfobipProvider(config.infobip!, log.child({ provider: 'infobip' }));
  }
}
