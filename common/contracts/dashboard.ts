import { z } from 'zod';
import { defineContract } from './endpoint';

/**
 * The dashboard at /admin: figures, monthly series, a branch comparison and recent activity, each
 * from an area the caller may read (students, exams, wallet; others register theirs as they come).
 */

export const DASHBOARD_MONTHS_MAX = 24;

const month = z.string().describe('A month in India, 2026-04');

export const dashboardFigure = z.object({
  key: z
    .string()
    .describe('students.new, students.registered, students.passout, admissions, wallet.balance, wallet.spend, exams.upcoming…'),
  area: z.string().describe('The area it comes from: student, exam, wallet…'),
  value: z.number().int().describe('A count, or paise for money'),
  previous: z.number().int().nullable().describe('Last month’s value, for a figure of this month'),
});

export const dashboardSeries = z.object({
  key: z.string().describe('admissions, wallet.spend, wallet.topups…'),
  area: z.string(),
  points: z.array(z.object({ month, value: z.number().int() })),
});

export const dashboardActivity = z.object({
  position: z.number().int().describe('The event’s place in the log'),
  area: z.string(),
  action: z.string().describe('created, updated, deleted; credited, charged, refunded, adjusted'),
  title: z.string(),
  recordId: z.string().nullable().describe('The student or exam, or the wallet entry; null once the record is deleted'),
  branchId: z.string().nullable(),
  amount: z.number().int().nullable().describe('Paise, signed, for a wallet movement'),
  actorName: z.string().nullable(),
  occurredAt: z.string().datetime(),
});

export const dashboardView = z.object({
  branchId: z.string().nullable().describe('The branch the figures are of; null: every branch'),
  everyBranch: z.boolean().describe('Whether the caller reads every branch and may pick one'),
  month,
  today: z.string().describe('Today in India, 2026-04-07'),
  areas: z.array(z.string()).describe('The areas the caller may read'),
  branches: z.array(z.object({ branchId: z.string(), name: z.string() })).describe('The branches the caller may pick'),
  figures: z.array(dashboardFigure),
  series: z.array(dashboardSeries),
  byBranch: z
    .array(z.object({ branchId: z.string(), name: z.string(), values: z.record(z.number().int()) }))
    .describe('Figures per branch, for institute staff looking at every branch; empty otherwise'),
  activity: z.array(dashboardActivity),
});

export const dashboardQuery = z.object({
  branchId: z.string().trim().max(100).optional().describe('Institute staff only: one branch’s figures'),
  months: z.coerce.number().int().min(1).max(DASHBOARD_MONTHS_MAX).default(12).describe('Months of the series, this one included'),
});

export const dashboardContract = {
  show: defineContract({
    method: 'get',
    path: '/dashboard',
    summary: 'The dashboard: figures, monthly series, branches compared and recent activity, as far as the caller may read',
    tag: 'dashboard',
    query: dashboardQuery,
    response: dashboardView,
    refuses: [404],
    example: { query: { months: '12' } },
  }),
};

export type DashboardView = z.infer<typeof dashboardView>;
export type DashboardFigure = z.infer<typeof dashboardFigure>;
export type DashboardSeries = z.infer<typeof dashboardSeries>;
export type DashboardActivity = z.infer<typeof dashboardActivity>;

export const dashboardMessages = {
  shown: 'Dashboard',
  otherBranch: 'You can only see your own branch’s dashboard',
} as const;
