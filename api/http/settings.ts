import { settingsContract } from '../../common/contracts/settings';
import { INDIA_TIME_ZONE } from '../../common/india-time';
import { enabledFieldCount, listFormConfigs } from '../domain/form-configs';
import { permissionNamesIn } from '../domain/permissions/catalogue';
import { defineEndpoint } from './endpoint';

/** Whoever views or edits any part of the site's settings: every permission of the category, both naming sets. */
const readers = permissionNamesIn('settings');

const show = defineEndpoint({
  ...settingsContract.show,
  access: { kind: 'permission', anyOf: readers },
  async handle({ db }) {
    const forms = await listFormConfigs(db);
    return {
      message: 'Settings',
      data: {
        locale: { timeZone: INDIA_TIME_ZONE, currency: 'INR', dateFormat: 'dd/mm/yyyy' },
        forms: forms.map((form) => ({
          formType: form.formType,
          label: form.label,
          isCustom: form.isCustom,
          enabledFields: enabledFieldCount(form.fields),
          updatedAt: form.updatedAt,
        })),
      },
    };
  },
});

export const settingsEndpoints = [show];
