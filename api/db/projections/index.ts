import { getTableConfig } from 'drizzle-orm/pg-core';
import type { Tx } from '../client';
import type { DomainEvent, StoredEvent } from '../event-store';
import { accessChangesProjection } from './access-changes';
import { courseCategoriesProjection } from './course-categories';
import { dashboardProjection } from './dashboard';
import { examResultsProjection } from './exam-results';
import { documentsProjection } from './documents';
import { marksheetTemplatesProjection } from './marksheet-templates';
import { certificateFormatsProjection } from './certificate-formats';
import { coursePapersProjection } from './course-papers';
import { formConfigsProjection } from './form-configs';
import { permissionsProjection } from './permissions';
import type { Projection } from './projection';
import { recordsProjection } from './records';
import { uploadsProjection } from './uploads';
import { usersProjection } from './users';
import { operationPricesProjection } from './operation-prices';
import { walletProjection } from './wallet';
import { billingSettingsProjection, taxRatesProjection } from './billing';
import { invoicesProjection } from './invoices';
import { issuedCertificatesProjection } from './issued-certificates';
import { siteContentProjection } from './site-content';

type EventHandler = (tx: Tx, event: StoredEvent) => Promise<void>;

/** A projection as the log feeds it: events of any type, each sent only where it is handled. */
export interface Registered {
  name: string;
  tables: Projection['tables'];
  handlers: Record<string, EventHandler>;
  replay?: (tx: Tx, events: StoredEvent[]) => Promise<void>;
  replays?: readonly string[];
}

/**
 * The log's rows carry their type as text: an event reaches a handler only under its own type,
 * and was appended through a stream typed by the same union, so its data is the data declared.
 */
function register<E extends DomainEvent, Handled extends E['type']>(projection: Projection<E, Handled>): Registered {
  return projection as unknown as Registered;
}

export const projections: Registered[] = [
  register(usersProjection),
  register(accessChangesProjection),
  register(permissionsProjection),
  register(courseCategoriesProjection),
  register(coursePapersProjection),
  register(formConfigsProjection),
  register(recordsProjection),
  register(uploadsProjection),
  register(operationPricesProjection),
  register(walletProjection),
  register(dashboardProjection),
  register(examResultsProjection),
  register(documentsProjection),
  register(marksheetTemplatesProjection),
  register(certificateFormatsProjection),
  register(invoicesProjection),
  register(billingSettingsProjection),
  register(siteContentProjection),
  register(taxRatesProjection),
  register(issuedCertificatesProjection),
];

const handlersByType = new Map<string, Array<{ projection: string; handler: EventHandler }>>();
for (const projection of projections) {
  for (const [type, handler] of Object.entries(projection.handlers)) {
    handlersByType.set(type, [...(handlersByType.get(type) ?? []), { projection: projection.name, handler }]);
  }
}

/** Applies an event to every projection that handles it but `except`, whose rows were written another way. */
export async function applyProjections(tx: Tx, event: StoredEvent, except?: string): Promise<void> {
  for (const { projection, handler } of handlersByType.get(event.type) ?? []) {
    if (projection !== except) await handler(tx, event);
  }
}

/**
 * Applies a run of events as `applyProjections` would one by one. Each projection owns its
 * tables and reads no other's, so each may take its share of the run on its own: at once when it
 * can replay, else event by event.
 */
export async function replayProjections(tx: Tx, run: StoredEvent[], only: readonly Registered[] = projections): Promise<void> {
  for (const projection of only) {
    const own = run.filter((event) => Object.hasOwn(projection.handlers, event.type));
    if (own.length === 0) continue;
    const { replay, replays } = projection;
    const folds = (event: StoredEvent) => replay !== undefined && (!replays || replays.includes(event.type));
    const folded = own.filter(folds);
    if (folded.length) await replay!(tx, folded);
    for (const event of own) if (!folds(event)) await projection.handlers[event.type]!(tx, event);
  }
}

export function projectionTableNames(only: readonly Registered[] = projections): string[] {
  return only.flatMap((p) => p.tables.map((t) => getTableConfig(t).name));
}
