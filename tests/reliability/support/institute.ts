import { demoLogins } from '../../../api/db/seed';
import { startServer, type ServerProcess } from '../../support/server-process';
import { callApi, expectSuccess, signIn } from './api-client';

/**
 * The production server on a database of the check's own, seeded with the demo institute on its
 * first start (two wallet-enabled branches, their staff, ADD_STUDENT priced), and the demo
 * accounts signed in through /api/v1.
 */

export interface InstituteServerOptions {
  /** Names the process in its output and in PostgreSQL (application_name institute-<name>). */
  name: string;
  databaseUrl: string;
  /** Shared by every process of one institute: the secrets live there. */
  dataDir: string;
  port?: number;
  nodeArgs?: string[];
  env?: Record<string, string>;
}

export function startInstituteServer({ name, databaseUrl, dataDir, port, nodeArgs, env }: InstituteServerOptions): Promise<ServerProcess> {
  return startServer({
    label: name,
    port,
    nodeArgs,
    env: {
      NODE_ENV: 'production',
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      API_URL: '',
      SEED_ON_EMPTY: 'true',
      INSECURE_COOKIES: '',
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
      PGAPPNAME: applicationName(name),
      ...env,
    },
  });
}

/** How a server process's connections are named in pg_stat_activity. */
export const applicationName = (name: string) => `institute-${name}`;

export interface Session {
  email: string;
  token: string;
  userId: string;
}

export interface Branch {
  id: string;
  name: string;
}

export interface Institute {
  admin: Session;
  branches: Branch[];
  /** A branch's own staff (branch_user), by branch id. */
  staff: Map<string, Session>;
  courseId: string;
}

function demoLogin(role: string, branch?: string) {
  const login = demoLogins.find((l) => l.role === role && l.branch === branch);
  if (!login) throw new Error(`No demo login for ${role} ${branch ?? ''}`);
  return login;
}

async function session(baseUrl: string, role: string, branch?: string): Promise<Session> {
  const { email, password } = demoLogin(role, branch);
  return { email, ...(await signIn(baseUrl, email, password)) };
}

export async function signInInstitute(baseUrl: string): Promise<Institute> {
  const admin = await session(baseUrl, 'admin');
  const balances = expectSuccess<{ branchId: string; branchName: string; walletEnabled: boolean }[]>(
    await callApi(baseUrl, 'GET', '/wallet/balance', { token: admin.token }),
    'Listing the wallets',
  );
  // The branches with a wallet and a staff login of their own (the demo's East and West Campus
  // are run by the institute's admin).
  const branches = balances
    .filter((b) => b.walletEnabled && demoLogins.some((l) => l.role === 'branch_user' && l.branch === b.branchName))
    .map((b) => ({ id: b.branchId, name: b.branchName }));
  const staff = new Map<string, Session>();
  for (const branch of branches) staff.set(branch.id, await session(baseUrl, 'branch_user', branch.name));
  const courses = expectSuccess<{ records: { _id: string }[] }>(
    await callApi(baseUrl, 'GET', '/dynamic-data?formType=course&limit=1', { token: admin.token }),
    'Listing the courses',
  );
  return { admin, branches, staff, courseId: courses.records[0]!._id };
}

/** An admission form for a student whose email, unique to the command, finds it in the log. */
export function admissionBody(email: string, branchId: string, courseId: string) {
  return {
    formType: 'student',
    fieldsData: [
      { name: 'centerName', value: branchId },
      { name: 'studentName', value: `Reliability ${email.split('@')[0]}` },
      { name: 'selectedCourse', value: courseId },
      { name: 'studentEmail', value: email },
      { name: 'phoneNumber', value: '9876543210' },
    ],
  };
}

/** Sets what an operation costs, pricing it when it has no price yet. */
export async function priceOperation(baseUrl: string, admin: Session, operationKey: string, price: number) {
  const prices = expectSuccess<{ id: string; operationKey: string }[]>(
    await callApi(baseUrl, 'GET', '/wallet/operation-pricing', { token: admin.token }),
    'Listing the prices',
  );
  const existing = prices.find((p) => p.operationKey === operationKey);
  expectSuccess(
    existing
      ? await callApi(baseUrl, 'PUT', `/wallet/operation-pricing/${existing.id}`, { token: admin.token, body: { price } })
      : await callApi(baseUrl, 'POST', '/wallet/operation-pricing', {
          token: admin.token,
          body: { operationKey, operationName: operationKey.replace(/_/g, ' '), price },
        }),
    `Pricing ${operationKey}`,
  );
}
