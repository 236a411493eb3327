import { and, desc, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { drafts, parents, pids, records, users } from '../../db/schema.ts';
import { derivedColumns, plainDerivedColumns, searchTexts, searchVectorOf } from './derived.ts';
import type { RecordDocument } from './document.ts';
import { EXTERNAL_PROVIDER } from '../pids.service.ts';

export type DraftRow = Omit<typeof drafts.$inferSelect, 'searchVector'>;
export type RecordRow = Omit<typeof records.$inferSelect, 'searchVector'>;
export type ParentRow = typeof parents.$inferSelect;

import {
  draftFields,
  draftStateColumns,
  parentGrants,
  recordFields,
  recordStateColumns,
  sharingFromJson,
  type FoldedReads,
} from './state-columns.ts';

export {
  draftFields,
  draftStateColumns,
  parentGrants,
  recordFields,
  recordStateColumns,
  sharingFromJson,
  type FoldedReads,
};
export type { GrantFact } from './state-columns.ts';

/** Data access for parents, drafts and published records. */
export function createRecordRepository(db: Database, folded?: () => FoldedReads) {
  // The hottest read, prepared on first use: PostgreSQL parses and plans it once per connection.
  const prepareRecordWithParent = () =>
    db
      .select({ record: recordFields, parent: parents, grants: parentGrants })
      .from(records)
      .innerJoin(parents, eq(parents.id, records.parentId))
      .where(eq(records.id, sql.placeholder('id')))
      .prepare('record_with_parent');
  let recordWithParentQuery: ReturnType<typeof prepareRecordWithParent> | undefined;
  const prepareDraftWithParent = () =>
    db
      .select({
        draft: draftFields,
        parent: parents,
        grants: parentGrants,
        published: sql<boolean>`EXISTS (SELECT 1 FROM ${records} r WHERE r.id = ${drafts.id})`,
        highestIndex: sql<number>`greatest(
          (SELECT max(r.version_index) FROM ${records} r WHERE r.parent_id = ${drafts.parentId}),
          (SELECT max(d.version_index) FROM ${drafts} d WHERE d.parent_id = ${drafts.parentId}))`.mapWith(
          Number,
        ),
      })
      .from(drafts)
      .innerJoin(parents, eq(parents.id, drafts.parentId))
      .where(eq(drafts.id, sql.placeholder('id')))
      .prepare('draft_with_parent');
  let draftWithParentQuery: ReturnType<typeof prepareDraftWithParent> | undefined;
  // The draft save, prepared: the statement with its search vector is built once, and the
  // answer leaves out the document the caller already holds.
  const { document: _document, ...draftFieldsButDocument } = draftFields;
  const placeholder = (name: string) => sql.placeholder(name) as unknown as SQL;
  const prepareUpdateDraft = () =>
    db
      .update(drafts)
      .set({
        document: placeholder('document'),
        title: placeholder('title'),
        resourceType: placeholder('resourceType'),
        accessRecord: placeholder('accessRecord'),
        accessStatus: placeholder('accessStatus'),
        creatorNames: placeholder('creatorNames'),
        searchKeys: placeholder('searchKeys'),
        searchFields: placeholder('searchFields'),
        publicationRange: placeholder('publicationRange'),
        searchVector: searchVectorOf([
          placeholder('textA'),
          placeholder('textB'),
          placeholder('textC'),
        ]),
        revisionId: sql`${drafts.revisionId} + 1`,
        updatedAt: sql`now()`,
      })
      .where(
        and(
          eq(drafts.id, placeholder('id')),
          sql`(${placeholder('expected')}::integer IS NULL OR ${drafts.revisionId} = ${placeholder('expected')}::integer)`,
        ),
      )
      .returning({
        ...draftFieldsButDocument,
        // The save's DOI check rides along: another object holding the draft's external DOI.
        doiTakenByOther: sql<boolean>`EXISTS (SELECT 1 FROM ${pids} p WHERE p.scheme = 'doi'
          AND p.identifier = lower(${placeholder('externalDoi')}::text) AND p.object_id <> ${drafts.id})`,
      })
      .prepare('update_draft');
  let updateDraftQuery: ReturnType<typeof prepareUpdateDraft> | undefined;

  // A record's or draft's whole state in one round trip: the row, its parent, the
  // parent's grants and links, its files and (drafts) its current review. This is
  // what every save and read of the records service needs; it was five queries.
  const prepareDraftState = (reads: FoldedReads) =>
    db
      .select(draftStateColumns(reads))
      .from(drafts)
      .innerJoin(parents, eq(parents.id, drafts.parentId))
      .where(eq(drafts.id, sql.placeholder('id')))
      .prepare('draft_state');
  let draftStateQuery: ReturnType<typeof prepareDraftState> | undefined;
  const prepareRecordState = (reads: FoldedReads) =>
    db
      .select(recordStateColumns(reads))
      .from(records)
      .innerJoin(parents, eq(parents.id, records.parentId))
      .where(eq(records.id, sql.placeholder('id')))
      .prepare('record_state');
  let recordStateQuery: ReturnType<typeof prepareRecordState> | undefined;
  const foldedReads = () => {
    if (!folded) throw new Error('this repository was made without folded reads');
    return folded();
  };

  const columns = (document: RecordDocument) => ({
    document,
    ...derivedColumns(document),
  });

  return {
    db,

    /** A published record with its parent and the parent's grants. */
    async recordWithParent(id: string) {
      recordWithParentQuery ??= prepareRecordWithParent();
      const [row] = await recordWithParentQuery.execute({ id });
      return row;
    },

    /** A draft with its parent, the parent's grants, and what its version flags need. */
    async draftWithParent(id: string) {
      draftWithParentQuery ??= prepareDraftWithParent();
      const [row] = await draftWithParentQuery.execute({ id });
      return row;
    },

    /** A draft with everything the records service reads with it (see prepareDraftState). */
    async draftState(id: string) {
      draftStateQuery ??= prepareDraftState(foldedReads());
      const [row] = await draftStateQuery.execute({ id });
      return row && { ...row, ...sharingFromJson(row) };
    },

    /**
     * Locks a draft's parent, then the draft, until the transaction ends, in one
     * round trip: the draft's row is locked only once the join has its parent's
     * row, which the materialized CTE locked first (the order lockParentOf keeps).
     */
    async lockDraft(id: string): Promise<boolean> {
      const result: unknown = await db.execute(sql`
        WITH parent AS MATERIALIZED (
          SELECT p.id FROM ${parents} p
          WHERE p.id = (SELECT d.parent_id FROM ${drafts} d WHERE d.id = ${id})
          FOR UPDATE)
        SELECT d.id FROM ${drafts} d JOIN parent ON parent.id = d.parent_id
        WHERE d.id = ${id}
        FOR UPDATE OF d`);
      // Both drivers answer raw SQL with `rows`.
      return (result as { rows: unknown[] }).rows.length > 0;
    },

    /**
     * Locks the parent of a draft or record (or the parent of that id) until the
     * transaction ends: every operation that changes a record's versions takes this
     * lock first, then the draft's, so they run one after the other.
     */
    async lockParentOf(id: string): Promise<string | undefined> {
      const [row] = await db
        .select({ id: parents.id })
        .from(parents)
        .where(
          sql`${parents.id} = coalesce(
            (SELECT d.parent_id FROM ${drafts} d WHERE d.id = ${id}),
            (SELECT r.parent_id FROM ${records} r WHERE r.id = ${id}))`,
        )
        .for('update');
      return row?.id;
    },

    /** A published record with everything the records service reads with it. */
    async recordState(id: string) {
      recordStateQuery ??= prepareRecordState(foldedReads());
      const [row] = await recordStateQuery.execute({ id });
      return row && { ...row, ...sharingFromJson(row) };
    },

    async draft(id: string): Promise<DraftRow | undefined> {
      const [row] = await db.select().from(drafts).where(eq(drafts.id, id));
      return row;
    },

    async record(id: string): Promise<RecordRow | undefined> {
      const [row] = await db.select().from(records).where(eq(records.id, id));
      return row;
    },

    async owner(userId: number) {
      const [row] = await db.select().from(users).where(eq(users.id, userId));
      return row;
    },

    async insertParent(id: string, ownerId: number): Promise<ParentRow> {
      const [row] = await db.insert(parents).values({ id, ownerId }).returning();
      return row!;
    },

    async insertDraft(values: {
      id: string;
      parentId: string;
      versionIndex: number;
      document: RecordDocument;
      revisionId?: number;
      createdAt?: Date;
    }): Promise<DraftRow> {
      const { document, ...rest } = values;
      const [row] = await db
        .insert(drafts)
        .values({ ...rest, ...columns(document) })
        .returning();
      return row!;
    },

    /**
     * Saves a draft's document; with `expectedRevision`, only if nobody saved in
     * between. Also answers whether another object holds its external DOI.
     */
    async updateDraft(
      id: string,
      document: RecordDocument,
      expectedRevision?: number,
    ): Promise<(DraftRow & { doiTakenByOther: boolean }) | undefined> {
      updateDraftQuery ??= prepareUpdateDraft();
      const [textA, textB, textC] = searchTexts(document);
      const doi = document.pids.doi;
      const [row] = await updateDraftQuery.execute({
        id,
        expected: expectedRevision ?? null,
        document,
        ...plainDerivedColumns(document),
        textA,
        textB,
        textC,
        externalDoi: doi?.provider === EXTERNAL_PROVIDER ? doi.identifier : null,
      });
      return row && { ...row, document };
    },

    async deleteDraft(id: string): Promise<void> {
      await db.delete(drafts).where(eq(drafts.id, id));
    },

    async deleteParent(id: string): Promise<void> {
      await db.delete(parents).where(eq(parents.id, id));
    },

    /**
     * Publishes a document as a record version: the newest version becomes the
     * latest. The caller holds the parent's lock; the previous latest loses its flag
     * before the new one takes it, as `records_one_latest` allows one at a time.
     */
    async upsertRecord(values: {
      id: string;
      parentId: string;
      versionIndex: number;
      document: RecordDocument;
      revisionId: number;
      createdAt: Date;
    }): Promise<RecordRow> {
      const now = new Date();
      const { document, ...rest } = values;
      const [newest] = await db
        .select({ index: sql<number | null>`max(${records.versionIndex})` })
        .from(records)
        .where(and(eq(records.parentId, values.parentId), ne(records.id, values.id)));
      const isLatest = newest?.index == null || values.versionIndex > Number(newest.index);
      if (isLatest) {
        await db
          .update(records)
          .set({ isLatest: false })
          .where(and(eq(records.parentId, values.parentId), eq(records.isLatest, true)));
      }
      const [row] = await db
        .insert(records)
        .values({ ...rest, ...columns(document), isLatest, updatedAt: now, publishedAt: now })
        .onConflictDoUpdate({
          target: records.id,
          set: { ...columns(document), revisionId: values.revisionId, isLatest, updatedAt: now },
        })
        .returning();
      return row!;
    },

    async updateRecordDocument(id: string, document: RecordDocument): Promise<void> {
      await db
        .update(records)
        .set({
          ...columns(document),
          revisionId: sql`${records.revisionId} + 1`,
          updatedAt: new Date(),
        })
        .where(eq(records.id, id));
    },

    async setParentPids(id: string, pids: Record<string, unknown>): Promise<void> {
      await db.update(parents).set({ pids, updatedAt: new Date() }).where(eq(parents.id, id));
    },

    versionsOf(parentId: string): Promise<RecordRow[]> {
      return db
        .select()
        .from(records)
        .where(eq(records.parentId, parentId))
        .orderBy(desc(records.versionIndex));
    },

    async latestRecord(parentId: string): Promise<RecordRow | undefined> {
      const [row] = await db
        .select()
        .from(records)
        .where(eq(records.parentId, parentId))
        .orderBy(desc(records.versionIndex))
        .limit(1);
      return row;
    },

    async draftsOf(parentId: string): Promise<DraftRow[]> {
      return db
        .select()
        .from(drafts)
        .where(eq(drafts.parentId, parentId))
        .orderBy(desc(drafts.versionIndex));
    },
  };
}

export type RecordRepository = ReturnType<typeof createRecordRepository>;
