// GET /api/admin/statistics: platform figures for the Statistics page.
import { z } from '../zod';
import { CHANNELS } from '../../constants';

export const statisticsQuerySchema = z.object({
  /** Days of the per-day chart, ending today (UTC). */
  days: z.coerce.number().int().min(1).max(90).default(30),
  /** Months of the revenue chart, ending this month. */
  months: z.coerce.number().int().min(1).max(24).default(12),
  /** How many top customers. */
  top: z.coerce.number().int().min(1).max(50).default(10),
});
export type StatisticsQuery = z.infer<typeof statisticsQuerySchema>;

const statusCounts = z.object({ pending: z.number(), sent: z.number(), delivered: z.number(), failed: z.number() });

export const statisticsResponseSchema = z.object({
  /** Every day present, oldest first; messages by the day they were created. */
  daily: z.array(z.object({ date: z.string(), sms: statusCounts, viber: statusCounts })),
  /** Euros per calendar month from the ledger; every month present, oldest first. */
  revenueByMonth: z.array(
    z.object({
      year: z.number(),
      month: z.number(),
      topUps: z.number(),
      purchases: z.number(),
      /** Message costs less their refunds. */
      messages: z.number(),
      creditAdded: z.number(),
    }),
  ),
  /** Over the chart's days: of the messages that reached a final state, the share delivered (percent, 1 decimal). */
  deliveryRate: z.array(z.object({ channel: z.enum(CHANNELS), delivered: z.number(), failed: z.number(), rate: z.number() })),
  /** By money spent (messages net of refunds, plus purchases) over the chart's months. */
  topCustomers: z.array(
    z.object({
      userId: z.string(),
      phone: z.string(),
      name: z.string().nullable(),
      spent: z.number(),
      /** Sends (one ledger debit each, of one or many recipients) in the period. */
      messages: z.number(),
    }),
  ),
});
export type StatisticsResponse = z.infer<typeof statisticsResponseSchema>;
