// Sidebar gating (spec §2 "Dashboard shell"): Scheduled messages needs an active Schedule Send
// product, Phonebook an active Phonebook product. Without it the entry opens this dialog, which
// names the service and leads to the Products page (feature-gate-dialog.tsx, loaded when needed). The server refuses the same calls anyway.
import type { FeatureKey } from '@kurir/core/features';
import { type Features } from '@kurir/core/schemas/auth';

export type FeatureGate = { feature: FeatureKey; service: string };

const GATED_PATHS: Record<string, FeatureGate> = {
  '/dashboard/scheduled-messages': { feature: 'schedule', service: 'Schedule Send' },
  '/dashboard/phonebook': { feature: 'phonebook', service: 'Phonebook' },
};

/** The gate that keeps the user from this sidebar entry, or null when they may go there. */
export function closedGateOf(path: string, features: Features): FeatureGate | null {
  const gate = GATED_PATHS[path];
  return gate && !features[gate.feature] ? gate : null;
}
