import { createCookie } from '@remix-run/node';
import { z } from 'zod';

export const themeSchema = z.enum(['system', 'light', 'dark']);
export type Theme = z.infer<typeof themeSchema>;

const themeCookie = createCookie('theme', { path: '/', sameSite: 'lax', maxAge: 60 * 60 * 24 * 365 });

export async function readTheme(request: Request): Promise<Theme> {
  const parsed = themeSchema.safeParse(await themeCookie.parse(request.headers.get('Cookie')));
  return parsed.success ? parsed.data : 'system';
}

export function themeHeader(theme: Theme) {
  return themeCookie.serialize(theme);
}
