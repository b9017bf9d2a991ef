import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { createPglite, openDatabase } from '../../api/db/client';
import { adminQuery, databaseUrl, type TemplateDatabase } from './template';

/**
 * Prepares one migrated template database per project; every test file clones it. The `postgres`
 * project (there when DATABASE_URL is set) gets a database on that PostgreSQL server, any other
 * a PGlite data folder dumped to a tarball.
 */
export default async function setup(project: TestProject) {
  const serverUrl = project.name === 'postgres' ? process.env.DATABASE_URL : undefined;
  const { template, teardown } = serverUrl ? await preparePostgres(serverUrl) : await preparePglite();
  project.provide('testDatabase', template);
  return teardown;
}

async function preparePglite() {
  await removeOrphanedTarballs();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'pglite-template-'));
  const tarball = path.join(os.tmpdir(), `pglite-template-${process.pid}-${randomBytes(4).toString('hex')}.tar`);
  try {
    const client = await createPglite({ dataDir });
    const database = await openDatabase({ pglite: client });
    await database.migrate();
    const dump = await client.dumpDataDir('none');
    await writeFile(tarball, Buffer.from(await dump.arrayBuffer()));
    await database.close();
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
  const template: TemplateDatabase = { kind: 'pglite', tarball };
  return { template, teardown: () => rm(tarball, { force: true }) };
}

/** Tarballs of runs whose process is gone (killed before its teardown); each is about 40 MB. */
async function removeOrphanedTarballs() {
  for (const name of await readdir(os.tmpdir())) {
    const pid = Number(/^pglite-template-(\d+)-[0-9a-f]+\.tar$/.exec(name)?.[1]);
    if (pid && !isRunning(pid)) await rm(path.join(os.tmpdir(), name), { force: true });
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

const PREFIX = 'vitest_';
const STALE_AFTER_MS = 24 * 60 * 60 * 1000;

async function preparePostgres(serverUrl: string) {
  const adminUrl = await reachableAdminUrl(serverUrl);
  const prefix = `${PREFIX}${Date.now().toString(36)}_${randomBytes(3).toString('hex')}_`;
  const name = `${prefix}template`;
  await dropLeftovers(adminUrl);
  await adminQuery(adminUrl, `CREATE DATABASE "${name}"`);
  const database = await openDatabase({ url: databaseUrl(serverUrl, name) });
  try {
    await database.migrate();
  } finally {
    // A template accepts no clones while anyone is connected to it.
    await database.close();
  }
  const template: TemplateDatabase = { kind: 'postgres', adminUrl, template: name, prefix };
  return {
    template,
    teardown: async () => {
      const { rows } = await adminQuery(adminUrl, `SELECT datname FROM pg_database WHERE starts_with(datname, '${prefix}')`);
      for (const row of rows as { datname: string }[]) {
        await adminQuery(adminUrl, `DROP DATABASE IF EXISTS "${row.datname}" WITH (FORCE)`);
      }
    },
  };
}

/** The URL's own database, or the server's `postgres` database when the named one does not exist. */
async function reachableAdminUrl(serverUrl: string): Promise<string> {
  const client = new pg.Client({ connectionString: serverUrl });
  try {
    await client.connect();
    return serverUrl;
  } catch (error) {
    if ((error as { code?: string }).code !== '3D000') throw error;
    return databaseUrl(serverUrl, 'postgres');
  } finally {
    await client.end().catch(() => {});
  }
}

/** Databases of runs that ended without their teardown (a killed process), a day or more ago. */
async function dropLeftovers(adminUrl: string) {
  const { rows } = await adminQuery(adminUrl, `SELECT datname FROM pg_database WHERE starts_with(datname, '${PREFIX}')`);
  for (const { datname } of rows as { datname: string }[]) {
    const started = parseInt(datname.slice(PREFIX.length).split('_')[0] ?? '', 36);
    if (Number.isFinite(started) && Date.now() - started > STALE_AFTER_MS) {
      await adminQuery(adminUrl, `DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
    }
  }
}
