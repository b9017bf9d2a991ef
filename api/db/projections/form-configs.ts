import { eq } from 'drizzle-orm';
import type { FormFieldConfig } from '../../../common/forms/types';
import { formConfigs } from '../schema';
import type { Projection } from './projection';

export interface FormConfiguredData {
  id: string;
  formType: string;
  label: string;
  description: string;
  isCustom: boolean;
  fields: FormFieldConfig[];
}

export interface FormConfigUpdatedData {
  formType: string;
  label: string;
  description: string;
  fields: FormFieldConfig[];
}

export const formConfigsProjection: Projection = {
  name: 'form-configs',
  tables: [formConfigs],
  handlers: {
    async FormConfigured(tx, event) {
      const data = event.data as FormConfiguredData;
      await tx.insert(formConfigs).values({
        id: data.id,
        formType: data.formType,
        label: data.label,
        description: data.description,
        isCustom: data.isCustom,
        fields: data.fields,
        version: event.version,
        createdAt: event.occurredAt,
        updatedAt: event.occurredAt,
      });
    },
    async FormConfigUpdated(tx, event) {
      const data = event.data as FormConfigUpdatedData;
      await tx
        .update(formConfigs)
        .set({
          label: data.label,
          description: data.description,
          fields: data.fields,
          version: event.version,
          updatedAt: event.occurredAt,
        })
        .where(eq(formConfigs.formType, data.formType));
    },
  },
};
