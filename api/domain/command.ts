import type { Tx } from '../db/client';
import type { EventMetadata } from '../db/event-store';
import type { Settings } from './settings';

/** What every command runs with: the open transaction and the metadata stamped on its events. */
export interface CommandContext {
  tx: Tx;
  meta: EventMetadata;
  /** Where form configurations and prices are read; without it, fresh in `tx`. */
  settings?: Settings;
}
