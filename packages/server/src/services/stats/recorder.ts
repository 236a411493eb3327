import { isbot } from 'isbot';
import type { Database } from '../../db/client.ts';
import { statsEvents } from '../../db/schema.ts';
import { createSalts, saltedVisitor, utcDay, visitorKey, type VisitorInput } from './visitor.ts';

/** The record version an event is about. */
export interface StatsSubject {
  recordId: string;
  parentId: string;
}

export interface DownloadEvent extends StatsSubject {
  /** The file's key; '*' for the zip of all files. */
  fileKey: string;
  bytes: number;
  ranged: boolean;
}

interface Pending {
  kind: 'view' | 'download';
  recordId: string;
  parentId: string;
  key: string;
  fileKey: string;
  bytes: number;
  ranged: boolean;
  at: Date;
  lastAt: Date;
}

/** Beyond this many unwritten rows (the database away), new ones are dropped. */
const MAX_PENDING = 100_000;
/** COUNTER's double-click window. */
const REPEAT_MS = 30_000;
const BATCH = 1000;

/**
 * Records views and downloads without slowing the request: events wait in
 * memory and are written in batches, at an interval and on close. Robots are
 * dropped at once. Repeats of one visitor on one item, each within 30 seconds
 * of the one before, wait as one row (`at` … `last_at`): COUNTER counts them
 * once anyway, and a visitor reloading or a download manager's parts write one
 * row, not hundreds. The rules apply when the rows are counted (aggregate.ts),
 * so that the rows of every app server are counted together.
 */
export function createRecorder(
  db: Database,
  options: { flushMs: number; onError: (error: unknown) => void },
) {
  const salts = createSalts(db);
  /** Open repeats by item and visitor, and those closed (a pause over 30 s) before the flush. */
  let open = new Map<string, Pending>();
  let pending: Pending[] = [];
  let flushing: Promise<void> | undefined;
  let timer: NodeJS.Timeout | undefined;

  function push(event: Omit<Pending, 'key' | 'at' | 'lastAt'>, visitor: VisitorInput) {
    if (!visitor.userAgent || isbot(visitor.userAgent)) return;
    const key = visitorKey(visitor);
    const item = `${event.kind}|${event.recordId}|${event.fileKey}|${event.ranged}|${key}`;
    const now = new Date();
    const repeat = open.get(item);
    if (repeat && now.getTime() - repeat.lastAt.getTime() <= REPEAT_MS) {
      repeat.lastAt = now;
      return;
    }
    if (repeat) pending.push(repeat);
    if (open.size + pending.length >= MAX_PENDING) return;
    open.set(item, { ...event, key, at: now, lastAt: now });
    timer ??= setTimeout(() => void flush(), options.flushMs).unref();
  }

  async function write(batch: Pending[]) {
    for (let start = 0; start < batch.length; start += BATCH) {
      const rows = [];
      for (const event of batch.slice(start, start + BATCH)) {
        const salt = await salts.of(utcDay(event.at));
        rows.push({
          kind: event.kind,
          recordId: event.recordId,
          parentId: event.parentId,
          visitor: saltedVisitor(salt, event.key),
          fileKey: event.fileKey,
          bytes: event.bytes,
          ranged: event.ranged,
          at: event.at,
          lastAt: event.lastAt,
        });
      }
      await db.insert(statsEvents).values(rows);
    }
  }

  /** Writes what is waiting; one write at a time. */
  async function flush(): Promise<void> {
    clearTimeout(timer);
    timer = undefined;
    while (flushing) await flushing;
    if (pending.length === 0 && open.size === 0) return;
    const batch = [...pending, ...open.values()];
    pending = [];
    open = new Map();
    flushing = write(batch)
      .catch((error: unknown) => {
        // Kept for the next try, within the bound.
        pending = [...batch, ...pending].slice(0, MAX_PENDING);
        timer ??= setTimeout(() => void flush(), options.flushMs).unref();
        options.onError(error);
      })
      .finally(() => {
        flushing = undefined;
      });
    await flushing;
  }

  return {
    view(subject: StatsSubject, visitor: VisitorInput) {
      push({ kind: 'view', ...subject, fileKey: '', bytes: 0, ranged: false }, visitor);
    },
    download(event: DownloadEvent, visitor: VisitorInput) {
      push({ kind: 'download', ...event }, visitor);
    },
    flush,
    salts,
  };
}

export type Recorder = ReturnType<typeof createRecorder>;
