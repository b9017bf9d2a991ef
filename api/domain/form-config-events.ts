import type { FormFieldConfig } from '../../common/forms/types';
import type { DomainEvent } from '../db/event-store';

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

export type FormConfigEvent = DomainEvent<'FormConfigured', FormConfiguredData> | DomainEvent<'FormConfigUpdated', FormConfigUpdatedData>;
