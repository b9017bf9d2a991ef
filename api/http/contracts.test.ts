import { describe, expect, it } from 'vitest';
import { accessChangeContract } from '../../common/contracts/access-changes';
import { authContract } from '../../common/contracts/auth';
import { courseCategoryContract } from '../../common/contracts/course-categories';
import { dashboardContract } from '../../common/contracts/dashboard';
import { coursePaperContract } from '../../common/contracts/course-papers';
import { dynamicDataContract } from '../../common/contracts/dynamic-data';
import { dynamicFormContract } from '../../common/contracts/dynamic-forms';
import type { EndpointContract } from '../../common/contracts/endpoint';
import { formOptionContract } from '../../common/contracts/form-options';
import { healthContract } from '../../common/contracts/health';
import { permissionContract } from '../../common/contracts/permissions';
import { branchContract, courseContract, studentContract } from '../../common/contracts/record-resources';
import { resultContract } from '../../common/contracts/results';
import { examResultContract } from '../../common/contracts/exam-results';
import { documentContract } from '../../common/contracts/documents';
import { marksheetTemplateContract } from '../../common/contracts/marksheet-templates';
import { certificateFormatContract } from '../../common/contracts/certificate-formats';
import { certificateContract } from '../../common/contracts/certificates';
import { settingsContract } from '../../common/contracts/settings';
import { siteContentContract } from '../../common/contracts/site-content';
import { uploadContract } from '../../common/contracts/uploads';
import { userContract } from '../../common/contracts/users';
import { walletContract } from '../../common/contracts/wallet';
import { invoiceContract } from '../../common/contracts/invoices';
import { jobContract } from '../../common/contracts/jobs';
import { importContract } from '../../common/contracts/imports';
import { apiEndpoints } from '../app';
import type { Tx } from '../db/client';
import { defineEndpoint } from './endpoint';
import { buildOpenApiDocument } from './openapi';

const contracts: EndpointContract[] = [
  accessChangeContract,
  authContract,
  branchContract,
  courseCategoryContract,
  courseContract,
  dashboardContract,
  coursePaperContract,
  dynamicDataContract,
  dynamicFormContract,
  formOptionContract,
  healthContract,
  invoiceContract,
  jobContract,
  permissionContract,
  resultContract,
  examResultContract,
  documentContract,
  marksheetTemplateContract,
  certificateFormatContract,
  certificateContract,
  settingsContract,
  siteContentContract,
  studentContract,
  uploadContract,
  userContract,
  walletContract,
  importContract,
].flatMap((resource) => Object.values(resource));

describe('the contracts in common/contracts', () => {
  it('declare every endpoint of /api/v1 once, with the schemas the endpoint validates and documents', () => {
    const unmatched = new Set(contracts);
    for (const endpoint of apiEndpoints) {
      const contract = contracts.find((each) => each.method === endpoint.method && each.path === endpoint.path);
      expect(contract, `${endpoint.method} ${endpoint.path}`).toBeDefined();
      for (const part of ['summary', 'tag', 'body', 'submission', 'query', 'params', 'response', 'produces'] as const) {
        expect(endpoint[part], `${endpoint.method} ${endpoint.path}: ${part}`).toBe(contract![part]);
      }
      unmatched.delete(contract!);
    }
    expect([...unmatched].map((contract) => `${contract.method} ${contract.path}`)).toEqual([]);
  });

  it('keep their schemas in the endpoint that implements them; the type check holds the handler to them', () => {
    const authenticatedRead = defineEndpoint({
      ...healthContract.check,
      access: { kind: 'authenticated' },
      // @ts-expect-error the handler answers outside the contract's response
      async handle({ actor, tx }) {
        const caller: string = actor.id;
        const noTransaction: undefined = tx;
        return { message: caller, data: { database: 'mysql' }, noTransaction };
      },
    });
    const publicMutation = defineEndpoint({
      ...authContract.logout,
      access: { kind: 'public' },
      async handle({ actor, tx }) {
        // @ts-expect-error a public endpoint may be called without a token
        const caller: string = actor.id;
        const transaction: Tx = tx;
        return { message: caller, data: transaction && null };
      },
    });
    expect(authenticatedRead.response).toBe(healthContract.check.response);
    expect(publicMutation.body).toBe(authContract.logout.body);
  });

  it('document a body the endpoint reads itself as JSON and as a browser form, and require it', () => {
    const paths = buildOpenApiDocument(apiEndpoints).paths as Record<string, Record<string, { requestBody?: Record<string, unknown> }>>;
    for (const [path, method] of [
      ['/api/v1/dynamic-data', 'post'],
      ['/api/v1/dynamic-data/{id}', 'put'],
    ] as const) {
      const body = paths[path]![method]!.requestBody as { required: boolean; content: Record<string, { schema: { properties?: object } }> };
      expect(body.required, `${method} ${path}`).toBe(true);
      expect(Object.keys(body.content).sort()).toEqual(['application/json', 'multipart/form-data']);
      expect(Object.keys(body.content['application/json']!.schema.properties!)).toEqual(['formType', 'fieldsData']);
      expect(Object.keys(body.content['multipart/form-data']!.schema.properties!)).toEqual(['formType']);
    }
  });

  it('document the top-level record paths’ bodies as the form’s values by name, in JSON and as a browser form', () => {
    const paths = buildOpenApiDocument(apiEndpoints).paths as Record<string, Record<string, { requestBody?: Record<string, unknown> }>>;
    for (const base of ['courses', 'branches', 'students']) {
      for (const [path, method] of [
        [`/api/v1/${base}`, 'post'],
        [`/api/v1/${base}/{id}`, 'put'],
      ] as const) {
        const body = paths[path]![method]!.requestBody as { required: boolean; content: Record<string, { schema: object }> };
        expect(body.required, `${method} ${path}`).toBe(true);
        expect(Object.keys(body.content).sort()).toEqual(['application/json', 'multipart/form-data']);
        expect(body.content['application/json']!.schema).toMatchObject({ type: 'object', additionalProperties: {} });
      }
    }
  });
});
