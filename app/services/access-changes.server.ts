import { accessChangeContract, type AccessChangeListQuery } from '../../common/contracts/access-changes';
import { callEndpoint } from './api.server';
import type { AuthedApi } from './auth.server';

export function listAccessChanges(api: AuthedApi, query: AccessChangeListQuery) {
  return callEndpoint(api, accessChangeContract.list, { query });
}
