import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { LoggedAnswer } from '../../api/http/answer-log';
import { createConformance, type OpenApiDocument } from '../support/openapi-conformance';
import { createScratchDatabase, startServer } from '../support/server-process';

/**
 * Starts the production build (build/host.js with NODE_ENV=production, as `npm start` runs it)
 * on a free port with a fresh database, waits until /api/v1/health answers, and hands its address
 * to the tests through E2E_BASE_URL. The returned function stops the server and throws the database away.
 *
 * Without DATABASE_URL the server gets a new temporary DATA_DIR (embedded PGlite). With
 * DATABASE_URL, a database with a unique name is created on that server for this run only.
 *
 * The server logs every answer of /api/v1 (API_ANSWER_LOG); after the run each is held to the
 * OpenAPI document the server served, and an answer outside it fails the run.
 */
export default async function globalSetup() {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'institute-e2e-'));
  const database = process.env.DATABASE_URL ? await createScratchDatabase(process.env.DATABASE_URL, 'institute_e2e') : undefined;
  const cleanup = async () => {
    await database?.drop();
    await rm(dataDir, { recursive: true, force: true });
  };

  const answerLog = path.join(dataDir, 'api-answers.jsonl');
  let server;
  try {
    server = await startServer({
      env: {
        NODE_ENV: 'production',
        DATA_DIR: dataDir,
        DATABASE_URL: database?.url ?? '',
        API_URL: '',
        SEED_ON_EMPTY: 'true',
        LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
        API_ANSWER_LOG: answerLog,
      },
    });
  } catch (error) {
    await cleanup();
    throw error;
  }
  const baseURL = server.baseUrl;

  process.env.E2E_BASE_URL = baseURL;
  // The tests open the session cookie with the secret the server keeps there.
  process.env.E2E_DATA_DIR = dataDir;
  console.log(`e2e: server ready at ${baseURL} on ${database ? `database ${database.name}` : `PGlite in ${dataDir}`}`);
  return async () => {
    const document = (await (await fetch(`${baseURL}/api/v1/openapi.json`)).json()) as OpenApiDocument;
    await server.stop();
    const violations = await answersOutside(document, answerLog).finally(cleanup);
    if (violations.length) throw new Error(`Answers of the browser suite break the OpenAPI document:\n${violations.join('\n')}`);
  };
}

/** Each way the logged answers break the document, once. */
async function answersOutside(document: OpenApiDocument, answerLog: string) {
  const { violationsOf } = createConformance(document);
  const lines = (await readFile(answerLog, 'utf8')).split('\n').filter(Boolean);
  const violations = new Set<string>();
  for (const line of lines) {
    const answer = JSON.parse(line) as LoggedAnswer;
    for (const violation of violationsOf({ ...answer, headers: new Headers(answer.headers) })) violations.add(violation);
  }
  console.log(`e2e: ${lines.length} answers of /api/v1 checked against the OpenAPI document`);
  return [...violations];
}
