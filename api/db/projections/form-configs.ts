import { eq } from 'drizzle-orm';
import { formConfigs } from '../schema';
import type { FormConfigEvent } from '../../domain/form-config-events';
import type { Projection } from './projection';

export const formConfigsProjection: Projection<FormConfigEvent> = {
  name: 'form-configs',
  tables: [formConfigs],
  handlers: {
    async FormConfigured(tx, event) {
      const { data } = event;
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
      const { data } = event;
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
