import { and, desc, eq } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Executor, Tx } from '../client';
import type { DomainEvent, StoredEvent } from '../event-store';
import { users } from '../schema';

/**
 * Things saved revision by revision (marksheet templates, certificate formats): a table of each as
 * it now stands, numbering its latest revision, and a table keeping every content it was saved
 * with, numbered from 1, for ever: what was printed from a revision is printed again from it.
 */
type OwnerTable = PgTable & Record<'id' | 'revision', PgColumn>;
type RevisionTable = PgTable & Record<'revision' | 'content' | 'savedAt' | 'savedBy', PgColumn>;

/** Columns of the owner's row that `keepRevision` writes itself. */
type WrittenHere = 'id' | 'name' | 'content' | 'revision' | 'version' | 'createdAt' | 'updatedAt';

interface RevisionTables<Owner extends OwnerTable, Saved extends RevisionTable> {
  owner: Owner;
  revisions: Saved;
  /** The revisions table's column naming its owner. */
  ownerKey: keyof Saved['$inferInsert'] & string;
  /** The rest of a new owner's row; a later revision leaves these as they are. */
  created: Omit<Owner['$inferInsert'], WrittenHere>;
}

/** A content saved, first or later: a new revision kept beside its owner as it now stands. */
export async function keepRevision<Owner extends OwnerTable, Saved extends RevisionTable>(
  tx: Tx,
  event: StoredEvent<DomainEvent<string, { content: { name: string } }>>,
  { owner, revisions, ownerKey, created }: RevisionTables<Owner, Saved>,
): Promise<void> {
  const { content } = event.data;
  const [current] = await tx
    .select({ revision: owner.revision })
    .from(owner as PgTable)
    .where(eq(owner.id, event.streamId));
  const revision = ((current?.revision as number | undefined) ?? 0) + 1;
  // The tables are known here by the columns this writes alone, which drizzle cannot check against their own.
  await tx.insert(revisions).values({
    [ownerKey]: event.streamId,
    revision,
    content,
    savedAt: event.occurredAt,
    savedBy: event.actorId,
  } as Saved['$inferInsert']);
  const row = { name: content.name, content, revision, version: event.version, updatedAt: event.occurredAt };
  await tx
    .insert(owner)
    .values({ id: event.streamId, ...row, ...created, createdAt: event.occurredAt } as Owner['$inferInsert'])
    .onConflictDoUpdate({ target: owner.id, set: row });
}

export interface SavedRevision {
  revision: number;
  savedAt: string;
  /** The name of who saved it. */
  savedBy: string | null;
  /** As it was stored: each owner reads its own shape from it. */
  content: unknown;
}

/** Every content an owner was saved with, newest first, with who saved it. */
export async function savedRevisions(db: Executor, revisions: RevisionTable, ownerKey: PgColumn, id: string): Promise<SavedRevision[]> {
  const rows = await db
    .select({ revision: revisions.revision, savedAt: revisions.savedAt, savedBy: users.name, content: revisions.content })
    .from(revisions)
    .leftJoin(users, eq(users.id, revisions.savedBy))
    .where(eq(ownerKey, id))
    .orderBy(desc(revisions.revision));
  return rows.map(({ revision, savedAt, savedBy, content }) => ({
    revision: revision as number,
    savedAt: (savedAt as Date).toISOString(),
    savedBy,
    content,
  }));
}

/** One saved content of an owner, the latest when none is named; null when it has none such. */
export async function savedRevision(
  db: Executor,
  revisions: RevisionTable,
  ownerKey: PgColumn,
  id: string,
  revision?: number,
): Promise<{ revision: number; content: unknown } | null> {
  const [row] = await db
    .select({ revision: revisions.revision, content: revisions.content })
    .from(revisions)
    .where(and(eq(ownerKey, id), revision === undefined ? undefined : eq(revisions.revision, revision)))
    .orderBy(desc(revisions.revision))
    .limit(1);
  return row ? { revision: row.revision as number, content: row.content } : null;
}
