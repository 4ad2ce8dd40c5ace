// Infobip's delivery reports (the same `results` shape for SMS and Viber) and status objects,
// turned into our receipts. Infobip groups every status: PENDING (not final, ignored), DELIVERED,
// UNDELIVERABLE, EXPIRED, REJECTED; the `error` object says why.
//
// "Not on Viber": Infobip passes Viber's own refusal through as the report's error. Viber names it
// SRVC_NOT_VIBER_USER (and SRVC_NO_SUITABLE_DEVICE for a Viber too old for business messages);
// Infobip's error names carry the same words (e.g. EC_NOT_VIBER_USER). Infobip's public docs do
// not list the exact name, so we match the words, in the name or the description.
import { z } from 'zod';
import { ProviderError, type DeliveryReceipt } from '../types';

const statusSchema = z.looseObject({
  groupId: z.number().optional(),
  groupName: z.string(),
  id: z.number().optional(),
  name: z.string().optional(),
  description: z.string().optional(),
});

const errorSchema = z.looseObject({
  groupId: z.number().optional(),
  groupName: z.string().optional(),
  id: z.number().optional(),
  name: z.string().optional(),
  description: z.string().optional(),
  permanent: z.boolean().optional(),
});

export type InfobipStatus = z.infer<typeof statusSchema>;
type InfobipError = z.infer<typeof errorSchema>;

export const deliveryReportsSchema = z.looseObject({
  results: z.array(
    z.looseObject({
      messageId: z.string().min(1),
      status: statusSchema,
      error: errorSchema.nullish(),
      doneAt: z.string().optional(),
      channel: z.string().optional(),
    }),
  ),
});

export type DeliveryReports = z.infer<typeof deliveryReportsSchema>;

const NOT_ON_VIBER = /NOT_VIBER_USER|NO_SUITABLE_DEVICE|not (a )?viber user|not registered (on|with|in|as a) viber|not on viber/i;

function isError(error: InfobipError | null | undefined): error is InfobipError {
  return !!error && error.id !== 0 && error.name !== 'NO_ERROR';
}

function notOnViber(error: InfobipError | null | undefined, status: InfobipStatus): boolean {
  return [error?.name, error?.description, status.name, status.description].some((text) => text && NOT_ON_VIBER.test(text));
}

function doneAt(value: string | undefined): Date {
  const date = value ? new Date(value) : new Date();
  return Number.isNaN(date.getTime()) ? new Date() : date;
}

/** The receipts in a report; PENDING results (intermediate reports) give none. */
export function receiptsFrom(reports: DeliveryReports): DeliveryReceipt[] {
  const receipts: DeliveryReceipt[] = [];
  for (const result of reports.results) {
    const { status, error } = result;
    const at = doneAt(result.doneAt);
    const group = status.groupName.toUpperCase();
    if (group === 'DELIVERED') {
      receipts.push({ providerMessageId: result.messageId, status: 'delivered', at });
      continue;
    }
    if (group !== 'UNDELIVERABLE' && group !== 'EXPIRED' && group !== 'REJECTED') continue;
    const reason = (isError(error) ? error.description : undefined) ?? status.description ?? 'The message could not be delivered';
    const errorCode = (isError(error) ? error.name : undefined) ?? status.name ?? group;
    const outcome: DeliveryReceipt['status'] = notOnViber(error, status)
      ? 'not_on_viber'
      : group === 'EXPIRED'
        ? 'expired'
        : 'failed';
    receipts.push({ providerMessageId: result.messageId, status: outcome, reason, errorCode, at });
  }
  return receipts;
}

/**
 * The error for a message Infobip refused in its send response (HTTP 200, status group REJECTED):
 * a bad number or sender is permanent; an empty account balance is temporary (top it up and the
 * retry goes through).
 */
export function rejectionOf(status: InfobipStatus | undefined): ProviderError | null {
  if (!status || status.groupName.toUpperCase() !== 'REJECTED') return null;
  const reason = status.description ?? 'Infobip rejected the message';
  const code = status.name ?? 'REJECTED';
  return new ProviderError(reason, !/NOT_ENOUGH_CREDITS/i.test(code), code);
}
