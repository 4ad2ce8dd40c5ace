// Custom sender name review: GET /api/admin/pending-custom-sender-names and the three actions
// POST /api/admin/custom-sender/{send-to-provider|approve|deny}/{id}.
import { z } from '../zod';
// The list's schemas live with the catalogue: pendingSenderRequestsResponseSchema in schemas/products.ts.

export const CUSTOM_SENDER_ACTIONS = ['send-to-provider', 'approve', 'deny'] as const;
export type CustomSenderAction = (typeof CUSTOM_SENDER_ACTIONS)[number];

/** The toasts of each action (admin spec §8). */
export const CUSTOM_SENDER_TOASTS: Record<CustomSenderAction, { success: string; failure: string }> = {
  'send-to-provider': { success: 'Custom Sender Name sent to mobile provider', failure: 'Failed to send to provider' },
  approve: { success: 'Custom Sender Name approved successfully', failure: 'Failed to approve Custom Sender Name' },
  deny: { success: 'Custom Sender Name denied', failure: 'Failed to deny Custom Sender Name' },
};

/** Which actions a request in this status offers (admin spec §4). */
export const CUSTOM_SENDER_ACTIONS_BY_STATUS: Record<'pending' | 'waiting_mobile_provider', readonly CustomSenderAction[]> = {
  pending: ['send-to-provider', 'deny'],
  waiting_mobile_provider: ['approve', 'deny'],
};

export const CUSTOM_SENDER_STATUS_LABELS = {
  pending: 'Pending Review',
  waiting_mobile_provider: 'Waiting for mobile provider',
  active: 'Active',
  denied: 'Denied',
} as const;

export const customSenderActionResponseSchema = z.object({ message: z.string() });
