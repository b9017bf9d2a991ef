import { z } from 'zod';
import { defineContract } from './endpoint';
import { MIN_PASSWORD_LENGTH, userFieldMessages } from './users';

/** The signed-in user with the names of the permissions they hold. */
export const sessionUser = z.object({
  _id: z.string(),
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.string(),
  permissions: z.array(z.string()),
  phone: z.string(),
  status: z.string(),
  walletEnabled: z.boolean(),
  branchId: z.string().nullable(),
  branchName: z.string().nullable(),
  lastLogin: z.string().nullable(),
});
export type SessionUser = z.infer<typeof sessionUser>;

/** What a password change is refused for, in the same words on the server and on the screen. */
export const passwordChangeMessages = {
  currentRequired: 'Current password is required',
  sameAsCurrent: 'Choose a password other than the current one',
} as const;

/**
 * A password change's fields, which the screen's form reuses. The new password is kept trimmed;
 * the current one is checked as typed, as sign-in checks it.
 */
export const passwordChangeFields = {
  currentPassword: z
    .string({ required_error: passwordChangeMessages.currentRequired })
    .min(1, passwordChangeMessages.currentRequired)
    .max(1024),
  newPassword: z
    .string({ required_error: userFieldMessages.passwordTooShort })
    .trim()
    .min(MIN_PASSWORD_LENGTH, userFieldMessages.passwordTooShort)
    .max(1024),
};

/** A new password that is the current one once trimmed would change nothing: refused under the new password. */
export function newPasswordDiffers<T extends { currentPassword: string; newPassword: string }>(body: T, ctx: z.RefinementCtx) {
  if (body.newPassword === body.currentPassword) {
    ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['newPassword'], message: passwordChangeMessages.sameAsCurrent });
  }
}

const tokens = z.object({ accessToken: z.string(), refreshToken: z.string() });

const logout = {
  summary: 'Sign out: revoke the session',
  tag: 'auth',
  body: z.object({ refreshToken: z.string().max(200).optional() }),
  example: { body: { refreshToken: 'b1d4c7e2f0a94c3e8d5b6a7f9e0c1d2b.9f8e7d6c5b4a39281706f5e4d3c2b1a0' } },
} as const;

export const authContract = {
  login: defineContract({
    method: 'post',
    path: '/auth/v2/login',
    summary: 'Sign in with email and password',
    tag: 'auth',
    body: z.object({
      email: z.string().trim().email('Invalid email address').max(254),
      password: z.string().min(1, 'Password required').max(1024),
    }),
    response: tokens.extend({ user: sessionUser }),
    refuses: [401, 403, 429],
    example: { body: { email: 'admin@institute.demo', password: 'Admin@123' } },
  }),
  refresh: defineContract({
    method: 'post',
    path: '/users/refresh',
    summary: 'Swap a refresh token for a new access and refresh token',
    tag: 'auth',
    body: z.object({ refreshToken: z.string().min(1, 'No refresh token available').max(200) }),
    response: tokens,
    refuses: [401],
    example: { body: { refreshToken: 'b1d4c7e2f0a94c3e8d5b6a7f9e0c1d2b.9f8e7d6c5b4a39281706f5e4d3c2b1a0' } },
  }),
  /** Ends the session of the bearer token, or of the refresh token in the body. */
  logout: defineContract({ method: 'post', path: '/auth/v2/logout', ...logout }),
  /** The same under the path of the older client. */
  usersLogout: defineContract({ method: 'post', path: '/users/logout', ...logout }),
  currentUser: defineContract({
    method: 'get',
    path: '/users/current-user',
    summary: 'The signed-in user with permissions',
    tag: 'auth',
    response: sessionUser,
  }),
  changePassword: defineContract({
    method: 'post',
    path: '/users/change-password',
    summary: 'Change the signed-in user’s password',
    tag: 'auth',
    body: z.object(passwordChangeFields).superRefine(newPasswordDiffers),
    refuses: [429],
    example: { body: { currentPassword: 'Admin@123', newPassword: 'Institute@2026' } },
  }),
};
