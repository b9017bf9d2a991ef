import { dynamicFormContract } from '../../common/contracts/dynamic-forms';
import {
  configureForm,
  enabledFieldCount,
  findFormConfig,
  formConfigMessages,
  listFormConfigs,
  updateFormConfig,
} from '../domain/form-configs';
import { defineEndpoint } from './endpoint';
import { HttpError } from './errors';
import { customFormPermissions } from './form-access';
import { ifMatchVersion } from './if-match';

const create = defineEndpoint({
  ...dynamicFormContract.create,
  changesSettings: true,
  access: { kind: 'superadmin' },
  async handle({ body, tx, meta }) {
    const config = await configureForm({ tx, meta }, body);
    return {
      status: 201,
      message: `${config.label} created successfully! ${enabledFieldCount(config.fields)} fields enabled.`,
      data: config,
    };
  },
});

const byType = defineEndpoint({
  ...dynamicFormContract.byType,
  access: { kind: 'public' },
  async handle({ db, params }) {
    const config = await findFormConfig(db, params.formType);
    if (!config) throw new HttpError(404, formConfigMessages.notFound);
    return { message: 'Form configuration', data: config };
  },
});

const update = defineEndpoint({
  ...dynamicFormContract.update,
  changesSettings: true,
  access: { kind: 'superadmin' },
  async handle({ body, params, tx, meta, c }) {
    const config = await updateFormConfig({ tx, meta }, params.id, body, ifMatchVersion(c));
    return {
      message: `${config.label} updated successfully! ${enabledFieldCount(config.fields)} fields enabled.`,
      data: config,
    };
  },
});

const list = defineEndpoint({
  ...dynamicFormContract.list,
  // The admin area lists the custom forms for the users who fill them in.
  access: { kind: 'permission', anyOf: customFormPermissions },
  async handle({ db }) {
    return { message: 'Form configurations', data: await listFormConfigs(db) };
  },
});

export const dynamicFormEndpoints = [create, byType, update, list];
