import { z } from 'zod';

// The login routes' actions parse with these. The browser gets them (and zod) through
// login-validation.ts after hydration, so the login pages' first load carries no zod.

export const adminLoginSchema = z.object({
  email: z
    .string({ required_error: 'Please enter a valid email address' })
    .trim()
    .refine((value) => value.includes('@'), 'Please enter a valid email address')
    .pipe(z.string().email('Invalid email address')),
  password: z
    .string({ required_error: 'Password must be at least 6 characters long' })
    .trim()
    .min(6, 'Password must be at least 6 characters long'),
  redirectTo: z.string().optional(),
});

export const superAdminLoginSchema = z.object({
  email: z.string({ required_error: 'Email required' }).trim().min(1, 'Email required'),
  password: z.string({ required_error: 'Password required' }).min(1, 'Password required').min(6, 'Min 6 chars'),
  redirectTo: z.string().optional(),
});
