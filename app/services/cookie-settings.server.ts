import { loadEnv } from '../../api/env';

/**
 * What every cookie of the web tier shares: signed with the validated SESSION_SECRET (the host
 * puts the configured or generated one into the environment before serving), and Secure in
 * production unless INSECURE_COOKIES says otherwise.
 */
export function cookieSettings() {
  const env = loadEnv();
  if (!env.SESSION_SECRET) throw new Error('SESSION_SECRET is not set');
  return { secret: env.SESSION_SECRET, secure: env.NODE_ENV === 'production' && !env.INSECURE_COOKIES };
}
