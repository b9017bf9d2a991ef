import { and, eq } from 'drizzle-orm';
import { invoiceLineKindLabels } from '../../../common/contracts/invoices';
import { rateInForce } from '../../../common/fees';
import { addPeriods, indianDay, startOf } from '../../../common/india-time';
import { parseRupees } from '../../../common/money';
import { records } from '../../db/schema';
import type { Actor } from '../auth/actor';
import type { CommandContext } from '../command';
import { freshSettings } from '../settings';
import { listTaxRates } from './billing';
import { createInvoice } from './commands';

/**
 * The institute billing by its own setting: whoever admits the student need not hold the right to
 * bill, and the invoice is numbered in the student's branch like any other. The events still name
 * the admitting user (the command's metadata).
 */
const institute: Actor = { id: 'institute', role: 'system', branchId: null, sessionId: '', permissions: new Set(['INVOICE_CREATE']) };

/** The course's fee in paise: its `fees` as typed in the course form, in rupees; null without one. */
function feeOf(fields: Record<string, unknown>): number | null {
  const fees = fields.fees;
  if (typeof fees !== 'number' && typeof fees !== 'string') return null;
  return parseRupees(String(fees)) || null;
}

/**
 * Issues the course's fee to a student just admitted, in the admission's transaction, when the
 * institute's billing settings say so and the course has a fee: a refusal takes the admission with
 * it. Answers the invoice's id, or null when nothing is billed. With the setting off it reads
 * nothing but the settings, which the process keeps.
 */
export async function invoiceCourseFee(ctx: CommandContext, studentId: string, courseId: string | null): Promise<string | null> {
  const settings = await (ctx.settings ?? freshSettings).billingSettings(ctx.tx);
  if (!settings.invoiceFeesAtAdmission || !courseId) return null;
  const [course] = await ctx.tx
    .select({ title: records.title, fields: records.fields })
    .from(records)
    .where(and(eq(records.id, courseId), eq(records.formType, 'course')));
  const fee = course ? feeOf(course.fields as Record<string, unknown>) : null;
  if (!course || fee === null) return null;
  const today = indianDay(ctx.meta.occurredAt);
  const dueDate = indianDay(addPeriods('day', startOf('day', ctx.meta.occurredAt), settings.defaultDueDays));
  const taxRate = rateInForce(await listTaxRates(ctx.tx), settings.courseFeeTaxRate, today) ? settings.courseFeeTaxRate : 0;
  return createInvoice(ctx, institute, {
    kind: 'student',
    partyId: studentId,
    date: today,
    dueDate,
    lines: [
      {
        kind: 'courseFee',
        description: course.title.slice(0, 200) || invoiceLineKindLabels.courseFee,
        sac: settings.courseFeeSac,
        quantity: 1,
        rate: fee,
        discount: 0,
        taxRate,
      },
    ],
    notes: '',
    issue: true,
  });
}
