import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import { drafts, grants, parents, records, secretLinks } from '../../db/schema.ts';
import { jsonRowsOf, rowsFromJson } from '../../db/json-rows.ts';

// Reads never need the search vector: leaving it out spares the parsing of a long text.
const { searchVector: _recordVector, ...recordFields } = getTableColumns(records);
const { searchVector: _draftVector, ...draftFields } = getTableColumns(drafts);
export { recordFields, draftFields };

export interface GrantFact {
  subjectType: string;
  subjectId: string;
  permission: string;
}

// The parent's grants travel with the row: a read is one query, not three.
export const parentGrants = sql<GrantFact[]>`coalesce((
  SELECT json_agg(json_build_object('subjectType', ${grants.subjectType}, 'subjectId', ${grants.subjectId}, 'permission', ${grants.permission}))
  FROM ${grants} WHERE ${grants.parentId} = ${parents.id}), '[]'::json)`;

/**
 * What other parts keep about a draft or record, folded into its read as JSON
 * (its files, its current review): each is an SQL expression of the row's id.
 */
export interface FoldedReads {
  files(id: SQL, draft: boolean): SQL;
  review(draftId: SQL): SQL;
  /** The communities a published record waits to be included in (a JSON array of ids). */
  inclusions(recordId: SQL): SQL;
}

/** The parent's grants and secret links as whole rows, for permissions and for managers. */
const parentSharing = {
  grantRows: jsonRowsOf(grants, sql`${grants.parentId} = ${parents.id}`, sql`${grants.id}`),
  linkRows: jsonRowsOf(
    secretLinks,
    sql`${secretLinks.parentId} = ${parents.id}`,
    sql`${secretLinks.createdAt}`,
  ),
};

/** Reads the folded sharing rows back into the rows a select of their tables gives. */
export function sharingFromJson(row: { grantRows: unknown; linkRows: unknown }) {
  return {
    grants: rowsFromJson(grants, row.grantRows),
    links: rowsFromJson(secretLinks, row.linkRows),
  };
}

/**
 * The columns of a draft's whole state (its read and the search of drafts
 * select the same): the row, its parent, the parent's grants and links, the
 * version facts, its files and its current review. From drafts joined to parents.
 */
export const draftStateColumns = (reads: FoldedReads) => ({
  draft: draftFields,
  parent: parents,
  ...parentSharing,
  published: sql<boolean>`EXISTS (SELECT 1 FROM ${records} r WHERE r.id = ${drafts.id})`,
  highestIndex: sql<number>`greatest(
    (SELECT max(r.version_index) FROM ${records} r WHERE r.parent_id = ${drafts.parentId}),
    (SELECT max(d.version_index) FROM ${drafts} d WHERE d.parent_id = ${drafts.parentId}))`.mapWith(
    Number,
  ),
  fileRows: reads.files(sql`${drafts.id}`, true),
  reviewRow: reads.review(sql`${drafts.id}`),
  // The DOI provider of the latest published version: the DOI rule depends on it.
  previousDoiProvider: sql<string | null>`(SELECT r.document->'pids'->'doi'->>'provider'
    FROM ${records} r WHERE r.parent_id = ${drafts.parentId}
    ORDER BY r.version_index DESC LIMIT 1)`,
});

/** The columns of a published record's whole state, from records joined to parents. */
export const recordStateColumns = (reads: FoldedReads) => ({
  record: recordFields,
  parent: parents,
  ...parentSharing,
  fileRows: reads.files(sql`${records.id}`, false),
  inclusionRows: reads.inclusions(sql`${records.id}`),
});
