import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadEnv } from './env';

/** Only the given settings, as the process environment would hold them. */
const settings = (values: Record<string, string>) => values as NodeJS.ProcessEnv;

describe('loadEnv', () => {
  it('refuses a DATABASE_URL that is not PostgreSQL, naming the setting', () => {
    const load = () => loadEnv(settings({ DATABASE_URL: 'mysql://root@localhost/app' }));
    expect(load).toThrow(ConfigError);
    expect(load).toThrow(/^Invalid setting DATABASE_URL: /);
  });

  it('accepts postgres:// and postgresql:// URLs', () => {
    expect(loadEnv(settings({ DATABASE_URL: 'postgres://u@h:5432/db' })).DATABASE_URL).toBe('postgres://u@h:5432/db');
    expect(loadEnv(settings({ DATABASE_URL: 'postgresql://u@h/db' })).DATABASE_URL).toBe('postgresql://u@h/db');
  });

  it('fills in defaults and resolves the data folder', () => {
    const env = loadEnv(settings({}));
    expect(env.PORT).toBe(3000);
    expect(env.NODE_ENV).toBe('development');
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.SEED_ON_EMPTY).toBe(true);
    expect(env.dataDir).toBe(path.resolve('data'));
    expect(path.isAbsolute(env.dataDir)).toBe(true);
  });

  it('treats blank settings as unset', () => {
    const env = loadEnv(settings({ PORT: '', DATABASE_URL: '' }));
    expect(env.PORT).toBe(3000);
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it('reads numbers and resolves a relative DATA_DIR', () => {
    const env = loadEnv(settings({ PORT: '8080', DATA_DIR: 'var/institute' }));
    expect(env.PORT).toBe(8080);
    expect(env.dataDir).toBe(path.resolve('var/institute'));
  });

  it('names the setting when a number is out of range', () => {
    expect(() => loadEnv(settings({ PORT: '70000' }))).toThrow(/Invalid setting PORT/);
  });

  it('reads the pool size, the cookie flag and the hot-reload port, with their defaults', () => {
    expect(loadEnv(settings({}))).toMatchObject({ DATABASE_POOL_SIZE: 10, INSECURE_COOKIES: false, HMR_PORT: 24678 });
    expect(loadEnv(settings({ DATABASE_POOL_SIZE: '25', INSECURE_COOKIES: 'true', HMR_PORT: '25000' }))).toMatchObject({
      DATABASE_POOL_SIZE: 25,
      INSECURE_COOKIES: true,
      HMR_PORT: 25000,
    });
    expect(() => loadEnv(settings({ DATABASE_POOL_SIZE: '0' }))).toThrow(/^Invalid setting DATABASE_POOL_SIZE/);
    expect(() => loadEnv(settings({ INSECURE_COOKIES: 'yes' }))).toThrow(/^Invalid setting INSECURE_COOKIES/);
    expect(() => loadEnv(settings({ HMR_PORT: 'hot' }))).toThrow(/^Invalid setting HMR_PORT/);
  });
});
