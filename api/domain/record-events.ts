import type { DomainEvent } from '../db/event-store';

export type FieldValues = Record<string, unknown>;

export interface RecordCreatedData {
  formType: string;
  branchId: string | null;
  fields: FieldValues;
  registrationNo?: string;
  rollNo?: string;
  /** The sequence value behind the generated numbers, so a rebuild restores the counter. */
  sequence?: { scope: string; year: number; value: number };
  /** The upload keys of the stored files the record holds (absent in events older than the list). */
  files?: string[];
  /** The row it was made from, when a file was imported: its key, so that importing it again makes nothing twice. */
  imported?: ImportedRow;
}

export interface ImportedRow {
  key: string;
  jobId: string;
}

export interface RecordUpdatedData {
  /** Every value of the record after the change. */
  fields: FieldValues;
  /** Present when the record moved to another branch. */
  branchId?: string | null;
  /** Every upload key the record holds after the change (absent in events older than the list). */
  files?: string[];
}

export type RecordEvent =
  | DomainEvent<'RecordCreated', RecordCreatedData>
  | DomainEvent<'RecordUpdated', RecordUpdatedData>
  | DomainEvent<'RecordDeleted', Record<string, never>>;
