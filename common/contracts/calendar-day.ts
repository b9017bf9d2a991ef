import { z } from 'zod';

/** A day of the calendar as YYYY-MM-DD: "2026-02-30" or "9464-62-55" is no day, and PostgreSQL would refuse it. */
export const calendarDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date as YYYY-MM-DD')
  .refine((value) => {
    const [year, month, day] = value.split('-').map(Number) as [number, number, number];
    const date = new Date(Date.UTC(year, month - 1, day));
    return year >= 1900 && date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  }, 'Use a date that exists, as YYYY-MM-DD');
