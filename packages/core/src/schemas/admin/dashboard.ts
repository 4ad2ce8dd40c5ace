// The live admin dashboard: GET /api/admin/dashboard (figures), GET /api/admin/activity (the
// audit log, newest first) and GET /api/admin/system-status (real checks).
import { z } from '../zod';
import { AUDIT_ACTIONS, AUDIT_TARGETS, SYSTEM_CHECKS, SYSTEM_CHECK_STATES } from '../../constants';

export const DASHBOARD_MESSAGES = {
  noActivity: 'No recent activity to display',
} as const;

/** Today and this month are UTC calendar days and months. Money in euros. */
export const adminDashboardResponseSchema = z.object({
  totalUsers: z.number(),
  activeUsers: z.number(),
  smsToday: z.number(),
  smsThisMonth: z.number(),
  viberToday: z.number(),
  viberThisMonth: z.number(),
  /** Shared (Admin and User type) templates. */
  activeTemplates: z.number(),
  /** Top-ups plus product purchases this month, from the ledger. */
  revenueThisMonth: z.number(),
  topUpsThisMonth: z.number(),
  purchasesThisMonth: z.number(),
});
export type AdminDashboard = z.infer<typeof adminDashboardResponseSchema>;

export const activityQuerySchema = z.object({ limit: z.coerce.number().int().min(1).max(100).default(10) });

export const auditEntrySchema = z.object({
  id: z.string(),
  adminUserId: z.string(),
  /** Company name, else first and last name, else phone. */
  adminName: z.string(),
  action: z.enum(AUDIT_ACTIONS),
  targetType: z.enum(AUDIT_TARGETS),
  targetId: z.string().nullable(),
  /** What the target was called at the time (a phone, a product name, …). */
  targetLabel: z.string().nullable(),
  /** The changed fields' values before and after, where the action changes something. */
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  /** One sentence for the Recent Activity panel. */
  summary: z.string(),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export const activityResponseSchema = z.object({ activity: z.array(auditEntrySchema) });

export const systemCheckSchema = z.object({
  name: z.enum(SYSTEM_CHECKS),
  state: z.enum(SYSTEM_CHECK_STATES),
  /** What was measured, in words ('12 ms round trip', 'simulator', 'SMPP bound', '48 MB'). */
  detail: z.string(),
  latencyMs: z.number().nullable(),
});
export type SystemCheck = z.infer<typeof systemCheckSchema>;
export const systemStatusResponseSchema = z.object({ checks: z.array(systemCheckSchema), checkedAt: z.string() });
export type SystemStatusResponse = z.infer<typeof systemStatusResponseSchema>;
