// Which add-on a product unlocks, from its name, as the spec says: a product whose name contains
// 'viber', 'schedule' or 'phonebook' unlocks that feature; 'Custom sender name' the sender name.
import type { Features } from './schemas/auth';

export type FeatureKey = keyof Features;

export function featureOfProductName(name: string): FeatureKey | null {
  const n = name.toLowerCase();
  if (n.includes('viber')) return 'viber';
  if (n.includes('schedule')) return 'schedule';
  if (n.includes('phonebook')) return 'phonebook';
  if (n.includes('custom sender')) return 'customSender';
  if (n.includes('api access')) return 'api';
  return null;
}

export const FEATURE_REQUIRED_MESSAGES: Record<FeatureKey, string> = {
  viber: 'Viber messaging requires an active Viber service. Please purchase it on the Products page.',
  schedule: 'Scheduled sending requires an active Schedule Send service. Please purchase it on the Products page.',
  phonebook: 'Phonebooks require an active Phonebook service. Please purchase it on the Products page.',
  customSender: 'A custom sender name requires an approved Custom sender name service.',
  api: 'Live API keys require an active API access service. Please purchase it on the Products page. Test keys are free.',
};
