import { parseArgs } from 'node:util';
import { createScratchDatabase, type ScratchDatabase } from '../support/server-process';
import { generateInstitute } from './generate';
import { measure } from './measure';

const usage = `npm run bench -- [all|generate|measure] [options]

  all (default)   fill a database, then measure it
  generate        only fill the database
  measure         only measure an already filled database (DATABASE_URL)

  --scale <n>        size of the institute; 1 is 50 branches, 500 courses, 100,000 students and
                     200,000 invoices (default 1)
  --workers <n>      generator processes (default 3)
  --concurrency <n>  commands in flight per generator process (default 8)
  --edits <n>        profile changes per student on top of registration and completion (default 0)
  --duration <s>     seconds of load per scenario (default 10)
  --connections <n>  concurrent connections of the load generator (default 10)
  --keep             keep the database this run created

DATABASE_URL names the database to fill or measure; without it a fresh bench_* database is
created on postgres://postgres@127.0.0.1:5432 and dropped at the end (unless --keep).`;

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    scale: { type: 'string', default: '1' },
    workers: { type: 'string', default: '3' },
    concurrency: { type: 'string', default: '8' },
    edits: { type: 'string', default: '0' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '10' },
    keep: { type: 'boolean', default: false },
    help: { type: 'boolean', default: false },
  },
});

const command = positionals[0] ?? 'all';
if (values.help || !['all', 'generate', 'measure'].includes(command)) {
  console.log(usage);
  process.exit(values.help ? 0 : 1);
}

const number = (name: keyof typeof values) => {
  const value = Number(values[name]);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`--${name} must be a positive number`);
  return value;
};

let created: ScratchDatabase | undefined;
if (!process.env.DATABASE_URL) {
  if (command === 'measure') throw new Error('measure needs DATABASE_URL: the database a generate run filled');
  created = await createScratchDatabase('postgres://postgres@127.0.0.1:5432/postgres', 'bench');
  console.log(`bench: database ${created.name}`);
}
const databaseUrl = process.env.DATABASE_URL || created!.url;
/** The same server's maintenance database, where pgbench makes its scratch database. */
const serverUrl = Object.assign(new URL(databaseUrl), { pathname: '/postgres' }).toString();

try {
  if (command !== 'measure') {
    await generateInstitute({
      databaseUrl,
      scale: number('scale'),
      workers: number('workers'),
      concurrency: number('concurrency'),
      edits: Number(values.edits),
    });
  }
  if (command !== 'generate') {
    await measure({ databaseUrl, serverUrl, connections: number('connections'), seconds: number('duration') });
  }
} finally {
  if (created && !values.keep) await created.drop();
  else if (created) console.log(`bench: kept ${created.url}`);
}
