// Picks the SMS/Viber provider the configuration names. Adding a vendor: its folder, the config
// enum, and one case here.
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { SimulatorProvider } from './simulator/simulator';
import type { SmsProvider } from './types';

export function createSmsProvider(config: Config['sms'], db: Database): SmsProvider {
  switch (config.provider) {
    case 'simulator':
      return new SimulatorProvider(db);
  }
}
