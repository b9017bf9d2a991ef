import type { DomainEvent } from '../../db/event-store';

export interface PermissionRow {
  id: string;
  name: string;
  description: string;
  category: string;
  level: string;
  module: string;
}

/** The catalogue of this version of the code, written over the stored one. */
export type PermissionCatalogueEvent = DomainEvent<
  'PermissionsSynchronized',
  /** Ids of the removed permissions; events older than removal carry none. */
  { added: PermissionRow[]; updated: PermissionRow[]; removed?: string[] }
>;
