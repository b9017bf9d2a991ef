import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import {
  certificateFormatMessages,
  type CertificateFormatContent,
  type CertificateFormatList,
  type CertificateFormatListQuery,
  type CertificateFormatRevision,
  type CertificateFormatView,
} from '../../../common/contracts/certificate-formats';
import type { FormatKind } from '../../../common/certificate-layout';
import type { Executor } from '../../db/client';
import { savedRevision, savedRevisions } from '../../db/projections/revisions';
import { certificateFormats, certificateFormatVersions } from '../../db/schema';
import { missing } from '../errors';

type FormatRow = typeof certificateFormats.$inferSelect;

const view = (row: FormatRow): CertificateFormatView => ({
  _id: row.id,
  kind: row.kind as FormatKind,
  content: row.content as CertificateFormatContent,
  archived: row.archived,
  revision: row.revision,
  version: row.version,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/** Who holds a name among formats of a kind (any case, archived ones included). */
export async function formatNameHolder(db: Executor, kind: FormatKind, name: string): Promise<string | null> {
  const [row] = await db
    .select({ id: certificateFormats.id })
    .from(certificateFormats)
    .where(and(eq(certificateFormats.kind, kind), sql`lower(${certificateFormats.name}) = ${name.trim().toLowerCase()}`));
  return row?.id ?? null;
}

export async function findFormat(db: Executor, id: string): Promise<CertificateFormatView> {
  const [row] = await db.select().from(certificateFormats).where(eq(certificateFormats.id, id));
  if (!row) throw missing(certificateFormatMessages.missing);
  return view(row);
}

/** The kind a format was made as, without its content: who may change it is read from this. */
export async function formatKind(db: Executor, id: string): Promise<FormatKind> {
  const [row] = await db.select({ kind: certificateFormats.kind }).from(certificateFormats).where(eq(certificateFormats.id, id));
  if (!row) throw missing(certificateFormatMessages.missing);
  return row.kind as FormatKind;
}

/** A page of the formats of the kinds given, by name; archived ones only when the query asks for them too. */
export async function listFormats(
  db: Executor,
  kinds: readonly FormatKind[],
  { search, archived, page, limit }: Omit<CertificateFormatListQuery, 'kind'>,
): Promise<CertificateFormatList> {
  // strpos rather than LIKE: a search for "%" or "_" finds those characters, with no escaping.
  const filter = and(
    inArray(certificateFormats.kind, [...kinds]),
    search ? sql`strpos(lower(${certificateFormats.name}), ${search.toLowerCase()}) > 0` : undefined,
    archived ? undefined : eq(certificateFormats.archived, false),
  );
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(certificateFormats)
      .where(filter)
      .orderBy(asc(sql`lower(${certificateFormats.name})`), asc(certificateFormats.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ total: count() }).from(certificateFormats).where(filter),
  ]);
  const total = counted?.total ?? 0;
  return { formats: rows.map(view), page, limit, total, totalPages: Math.max(1, Math.ceil(total / limit)) };
}

/** Every content a format was saved with, newest first, with who saved it. */
export async function formatRevisions(db: Executor, id: string): Promise<CertificateFormatRevision[]> {
  const revisions = await savedRevisions(db, certificateFormatVersions, certificateFormatVersions.formatId, id);
  return revisions.map((revision) => ({ ...revision, content: revision.content as CertificateFormatContent }));
}

/** Whether a format of a kind, as last saved, holds this image (a background or the signature): it met an image rule of formats. */
export async function anyFormatHoldsImage(db: Executor, kind: FormatKind, key: string): Promise<boolean> {
  const layout = sql`${certificateFormats.content}->'layout'`;
  const [row] = await db
    .select({ id: certificateFormats.id })
    .from(certificateFormats)
    .where(
      and(
        eq(certificateFormats.kind, kind),
        sql`(${layout}->'background'->>'front' = ${key} OR ${layout}->'background'->>'back' = ${key} OR ${layout}->>'signature' = ${key})`,
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** A saved revision of a format, the latest unless one is named: what a document is printed from. */
export async function formatRevision(db: Executor, id: string, revision?: number) {
  const saved = await savedRevision(db, certificateFormatVersions, certificateFormatVersions.formatId, id, revision);
  if (!saved) throw missing(revision === undefined ? certificateFormatMessages.missing : certificateFormatMessages.revisionMissing);
  return { revision: saved.revision, content: saved.content as CertificateFormatContent };
}
