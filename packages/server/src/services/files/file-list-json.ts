import { sql, type SQL } from 'drizzle-orm';
import { FILES_INLINE_LIMIT } from '@arca/schema';
import { rowFromJson } from '../../db/json-rows.ts';
import { fileBucketTotals, fileEntries, fileObjects } from '../../db/schema.ts';
import type { FileSummary } from './files.repository.ts';

// A record's file summary folded into another read as JSON, and read back.

const entriesJson = (recordId: SQL, draft: boolean) => sql`coalesce((
    SELECT json_agg(json_build_object('entry', ${fileEntries}, 'object', ${fileObjects})
      ORDER BY ${fileEntries.createdAt}, ${fileEntries.key})
    FROM ${fileEntries} JOIN ${fileObjects} ON ${fileObjects.id} = ${fileEntries.objectId}
    WHERE ${fileEntries.recordId} = ${recordId} AND ${fileEntries.draft} = ${draft}), '[]'::json)`;

/** A record's or draft's file summary as JSON, to fold into another read (entries as `list` orders them). */
export function fileListJson(recordId: SQL, draft: boolean): SQL {
  const files = sql`coalesce(${fileBucketTotals.files}, 0)`;
  return fileTotalsJson(
    recordId,
    draft,
    sql`CASE WHEN ${files} <= ${FILES_INLINE_LIMIT} THEN ${entriesJson(recordId, draft)} END`,
  );
}

/** The totals alone (entries null): what a search hit shows of its files. */
export function fileTotalsOnlyJson(recordId: SQL, draft: boolean): SQL {
  return fileTotalsJson(recordId, draft, sql`NULL::json`);
}

function fileTotalsJson(recordId: SQL, draft: boolean, entries: SQL): SQL {
  const files = sql`coalesce(${fileBucketTotals.files}, 0)`;
  return sql`(SELECT json_build_object(
      'count', ${files}, 'completed', coalesce(${fileBucketTotals.completed}, 0),
      'bytes', coalesce(${fileBucketTotals.bytes}, 0), 'stored', coalesce(${fileBucketTotals.stored}, 0),
      'revision', coalesce(${fileBucketTotals.revision}, 0),
      'entries', ${entries})
    FROM (SELECT 1) AS one LEFT JOIN ${fileBucketTotals}
      ON ${fileBucketTotals.recordId} = ${recordId} AND ${fileBucketTotals.draft} = ${draft})`;
}

type FileItemJson = { entry: Record<string, unknown>; object: Record<string, unknown> };

/** The summary `fileListJson` folded, read back. */
export function fileListFromJson(json: unknown): FileSummary {
  const summary = json as Omit<FileSummary, 'entries'> & { entries: FileItemJson[] | null };
  return {
    ...summary,
    entries:
      summary.entries?.map((item) => ({
        entry: rowFromJson(fileEntries, item.entry),
        object: rowFromJson(fileObjects, item.object),
      })) ?? null,
  };
}
