import { and, asc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { communities, parents, records, vocabularies } from '../../db/schema.ts';
import { filter } from '../../permissions/policy.ts';
import { recordPolicy, type Actor } from '../../permissions/records.policy.ts';
import { anonymous } from '../../permissions/policy.ts';
import { recordContextOf, type RecordContext } from '../records/context.ts';
import { contextReads } from '../records/context.repository.ts';
import { recordStateColumns, sharingFromJson, type RecordRow } from '../records/repository.ts';
import type { RecordView } from '../records/view.ts';
import { isDeleted } from '../records/tombstone.ts';
import type { HitPresenter } from '../records/search.service.ts';

/** Harvesters read as anyone does: only public records, with their public metadata. */
export const HARVESTER: Actor = { identity: anonymous, groups: [], links: [] };

/** Where a walk stands: after this record in publication order. */
export interface HarvestCursor {
  /** `published_at` as PostgreSQL wrote it (microseconds kept). */
  publishedAt: string;
  id: string;
  /**
   * The snapshot the page was read in (`pg_current_snapshot()`): a publication
   * it could not see, committed since, may lie before the cursor.
   */
  snapshot?: string | undefined;
}

/** What a harvest selects: a set, and modification times from (inclusive) and before (exclusive). */
export interface HarvestFilter {
  set?: HarvestSet | undefined;
  from?: Date | undefined;
  before?: Date | undefined;
  /** Only records with a DOI (the DataCite formats cannot describe one without). */
  withDoi?: boolean | undefined;
}

/** The communities that are OAI sets: public and not deleted (InvenioRDM drops a deleted one's set). */
const setCommunities = and(
  eq(communities.visibility, 'public'),
  eq(communities.deletionStatus, 'P'),
);

export type HarvestSet = { kind: 'community'; slug: string } | { kind: 'type'; id: string };

export interface HarvestItem {
  id: string;
  /** The record's modification time: its OAI datestamp. */
  modified: Date;
  /** Absent for a deleted record, which keeps only its header. */
  view?: RecordView;
  /** The sets it belongs to, as setSpecs. */
  sets: string[];
  deleted: boolean;
  /** Whether it has a DOI, which the DataCite formats need. */
  hasDoi: boolean;
}

export interface HarvestPage {
  items: HarvestItem[];
  /** Where the next page starts; undefined on the last page. */
  next: HarvestCursor | undefined;
}

/**
 * Reading published records for harvesters (OAI-PMH) and for sitemaps: every
 * version, in publication order (which an edit does not change, so a walk with
 * resumption tokens meets each record once while records are edited), filtered
 * on modification time.
 */
/** Harvests read published rows only, so a context's row is a record's. */
const gone = (context: RecordContext) => isDeleted(context.row as RecordRow);

/** The condition of doiOf (exports/common.ts) on the stored document. */
const hasDoi = sql`(${records.document} -> 'pids' -> 'doi' ->> 'identifier') IS NOT NULL`;

/**
 * The records at or before a cursor that its page's snapshot could not see: their
 * publishing transaction (which dated them at its start) had not committed yet.
 */
function lateSince(after: HarvestCursor): SQL {
  const snapshot = sql`${after.snapshot}::pg_snapshot`;
  return sql`(${records.publishedAt}, ${records.id}) <= (${after.publishedAt}::timestamptz, ${after.id})
    AND ${records.publishedXid} >= pg_snapshot_xmin(${snapshot})
    AND NOT pg_visible_in_snapshot(${records.publishedXid}, ${snapshot})`;
}

export function createHarvest(db: Database, present: HitPresenter) {
  const readable = filter(recordPolicy, 'canRead', HARVESTER, records);

  async function setCondition(set: HarvestSet): Promise<SQL | undefined> {
    if (set.kind === 'type') {
      return sql`(${records.resourceType} = ${set.id} OR ${records.resourceType} LIKE ${`${set.id}-%`})`;
    }
    const [community] = await db
      .select({ id: communities.id })
      .from(communities)
      .where(and(eq(communities.slug, set.slug), setCommunities));
    if (!community) return undefined;
    return sql`(${parents.communities} -> 'ids') @> ${JSON.stringify([community.id])}::jsonb`;
  }

  /** The setSpecs of public communities, by community id. */
  async function communitySpecs(ids: string[]): Promise<Map<string, string>> {
    if (ids.length === 0) return new Map();
    const rows = await db
      .select({ id: communities.id, slug: communities.slug })
      .from(communities)
      .where(and(inArray(communities.id, ids), setCommunities));
    return new Map(rows.map((row) => [row.id, `community-${row.slug}`]));
  }

  function setsOf(context: RecordContext, specs: Map<string, string>): string[] {
    const sets: string[] = [];
    const type = context.row.resourceType;
    if (type) {
      // A subtype belongs to its parent type's set too (publication-article → type-publication).
      const parts = type.split('-');
      for (let i = 1; i <= parts.length; i += 1) sets.push(`type-${parts.slice(0, i).join('-')}`);
    }
    for (const id of communityIdsOf(context)) {
      const spec = specs.get(id);
      if (spec) sets.push(spec);
    }
    return sets;
  }

  async function itemsOf(contexts: RecordContext[], withViews: boolean): Promise<HarvestItem[]> {
    const specs = await communitySpecs([...new Set(contexts.flatMap(communityIdsOf))]);
    // A deleted record that was public keeps its header (deletedRecord "persistent"),
    // dated by its deletion, which also moved its modification time.
    const live = contexts.filter((context) => !gone(context));
    const views = withViews ? await present(HARVESTER, live, {}) : [];
    const viewOf = new Map(live.map((context, index) => [context.row.id, views[index]]));
    return contexts.map((context) => {
      const view = viewOf.get(context.row.id);
      return {
        id: context.row.id,
        modified: context.row.updatedAt,
        sets: setsOf(context, specs),
        deleted: gone(context),
        hasDoi: Boolean(context.row.document.pids.doi?.identifier),
        ...(withViews && view ? { view } : {}),
      };
    });
  }

  return {
    /**
     * A page of the records a filter selects, after the cursor; undefined when
     * the filter's set does not exist. Views only when asked (ListRecords).
     */
    async page(
      selection: HarvestFilter,
      after: HarvestCursor | undefined,
      limit: number,
      withViews: boolean,
    ): Promise<HarvestPage | undefined> {
      const inSet = selection.set ? await setCondition(selection.set) : undefined;
      if (selection.set && !inSet) return undefined;
      const selected = and(
        readable,
        inSet,
        selection.from ? gte(records.updatedAt, selection.from) : undefined,
        selection.before ? lt(records.updatedAt, selection.before) : undefined,
        selection.withDoi ? hasDoi : undefined,
      );
      const read = (tx: Database, where: SQL | undefined) =>
        tx
          .select({
            ...recordStateColumns(contextReads),
            publishedText: sql<string>`${records.publishedAt}::text`,
          })
          .from(records)
          .innerJoin(parents, eq(parents.id, records.parentId))
          .where(and(selected, where))
          .orderBy(asc(records.publishedAt), asc(records.id));
      const position = after
        ? sql`(${records.publishedAt}, ${records.id}) > (${after.publishedAt}::timestamptz, ${after.id})`
        : undefined;
      // One snapshot for the page, the late publications and the snapshot the token keeps.
      const { rows, late, snapshot } = await db.transaction(
        async (tx) => {
          const rows = await read(tx, position).limit(limit + 1);
          const late = after?.snapshot ? await read(tx, lateSince(after)) : [];
          const result = await tx.execute(sql`SELECT pg_current_snapshot()::text AS snapshot`);
          const [row] = (result as { rows: { snapshot: string }[] }).rows;
          return { rows, late, snapshot: row!.snapshot };
        },
        { isolationLevel: 'repeatable read', accessMode: 'read only' },
      );
      const more = rows.length > limit;
      const kept = [...late, ...rows.slice(0, limit)];
      const contexts = kept.map((row) => recordContextOf({ ...row, ...sharingFromJson(row) }));
      // Late ones come first and lie before the cursor: the last is the page's own.
      const last = rows.length > 0 ? rows[Math.min(rows.length, limit) - 1] : undefined;
      return {
        items: await itemsOf(contexts, withViews),
        next:
          more && last
            ? { publishedAt: last.publishedText, id: last.record.id, snapshot }
            : undefined,
      };
    },

    /** One record by id, if harvesters may see it. */
    async one(id: string, withView: boolean): Promise<HarvestItem | undefined> {
      const rows = await db
        .select(recordStateColumns(contextReads))
        .from(records)
        .innerJoin(parents, eq(parents.id, records.parentId))
        .where(and(eq(records.id, id), readable));
      const contexts = rows.map((row) => recordContextOf({ ...row, ...sharingFromJson(row) }));
      return (await itemsOf(contexts, withView))[0];
    },

    /** The oldest modification time of a harvestable record (Identify's earliestDatestamp). */
    async earliest(): Promise<Date | undefined> {
      const [row] = await db
        .select({ at: sql<string | null>`min(${records.updatedAt})` })
        .from(records)
        .innerJoin(parents, eq(parents.id, records.parentId))
        .where(readable);
      return row?.at ? new Date(row.at) : undefined;
    },

    /**
     * The sitemap's pages of `size` records (the latest public versions, in
     * publication order), each with the newest modification in it.
     */
    async sitemapPages(size: number): Promise<{ page: number; modified: Date }[]> {
      const result = await db.execute(sql`
        SELECT page::int AS page, max(updated_at)::text AS modified FROM (
          SELECT ${records.updatedAt} AS updated_at,
                 (row_number() OVER (ORDER BY ${records.publishedAt}, ${records.id}) - 1) / ${size} + 1 AS page
          FROM ${records} JOIN ${parents} ON ${parents.id} = ${records.parentId}
          WHERE ${records.isLatest} AND ${readable}) numbered
        GROUP BY page ORDER BY page`);
      const rows = (result as { rows: { page: number; modified: string }[] }).rows;
      return rows.map((row) => ({ page: Number(row.page), modified: new Date(row.modified) }));
    },

    /**
     * The records of one sitemap page, read in chunks so that a page of 50,000
     * streams: each chunk is the next `chunk` rows after the previous one.
     */
    async *sitemapPage(
      page: number,
      size: number,
      chunk = 5000,
    ): AsyncGenerator<{ id: string; modified: Date }[]> {
      const latest = and(eq(records.isLatest, true), readable);
      const columns = {
        id: records.id,
        modified: records.updatedAt,
        publishedText: sql<string>`${records.publishedAt}::text`,
      };
      const base = () =>
        db
          .select(columns)
          .from(records)
          .innerJoin(parents, eq(parents.id, records.parentId))
          .orderBy(asc(records.publishedAt), asc(records.id));
      let rows = await base()
        .where(latest)
        .limit(Math.min(chunk, size))
        .offset((page - 1) * size);
      let left = size;
      while (rows.length > 0) {
        yield rows.map(({ id, modified }) => ({ id, modified }));
        left -= rows.length;
        const last = rows.at(-1)!;
        if (left <= 0 || rows.length < chunk) return;
        rows = await base()
          .where(
            and(
              latest,
              sql`(${records.publishedAt}, ${records.id}) > (${last.publishedText}::timestamptz, ${last.id})`,
            ),
          )
          .limit(Math.min(chunk, left));
      }
    },

    /** Every set: the resource types and the public communities. */
    async sets(): Promise<{ spec: string; name: string }[]> {
      const [types, publicCommunities] = await Promise.all([
        db
          .select({ id: vocabularies.id, data: vocabularies.data })
          .from(vocabularies)
          .where(eq(vocabularies.type, 'resourcetypes'))
          .orderBy(asc(vocabularies.id)),
        db
          .select({ slug: communities.slug, title: communities.title })
          .from(communities)
          .where(setCommunities)
          .orderBy(asc(communities.slug)),
      ]);
      return [
        ...types.map((type) => ({ spec: `type-${type.id}`, name: titleOf(type.data, type.id) })),
        ...publicCommunities.map((c) => ({ spec: `community-${c.slug}`, name: c.title })),
      ];
    },
  };
}

const communityIdsOf = (context: RecordContext): string[] => context.communities;

function titleOf(data: Record<string, unknown>, fallback: string): string {
  const title = data.title as Record<string, string> | undefined;
  return title?.en ?? fallback;
}

export type Harvest = ReturnType<typeof createHarvest>;
