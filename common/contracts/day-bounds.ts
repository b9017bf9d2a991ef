import { z } from 'zod';
import { parseBound } from '../india-time';

/** `?from=` or `?to=` of a list over time: a whole day in India, or an exact instant. */
export const dayBound = (which: 'from' | 'to') =>
  z
    .string()
    .max(40)
    .optional()
    .transform((value, ctx) => {
      if (!value) return undefined;
      const date = parseBound(value, which);
      if (!date) ctx.addIssue({ code: 'custom', message: `${which} must be a date (YYYY-MM-DD) or a date and time` });
      return date ?? undefined;
    })
    .describe(`A date (a whole day in India${which === 'to' ? ', included' : ''}) or an ISO date and time`);
