import { authContract } from '../../common/contracts/auth';
import type { BodyOf } from '../../common/contracts/endpoint';
import type { AuthedApi } from './auth.server';
import { callEndpoint } from './api.server';

/** The signed-in user's own password; the API ends their other sessions and keeps this one. */
export function changePassword(api: AuthedApi, body: BodyOf<typeof authContract.changePassword>) {
  return callEndpoint(api, authContract.changePassword, { body });
}
