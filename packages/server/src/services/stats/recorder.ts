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
}

/** Beyond this many unwritten events (the database away), new ones are dropped. */
const MAX_PENDING = 100_000;
const BATCH = 1000;

/**
 * Records views and downloads without slowing the request: events wait in
 * memory and are written in batches, at an interval and on close. Robots are
 * dropped at once; COUNTER's other rules apply when the events are counted
 * (aggregate.ts), so that two app servers' events are counted together.
 */
export function createRecorder(
  db: Database,
  options: { flushMs: number; onError: (error: unknown) => void },
) {
  const salts = createSalts(db);
  let pending: Pending[] = [];
  let flushing: Promise<void> | undefined;
  let timer: NodeJS.Timeout | undefined;

  function push(event: Omit<Pending, 'key' | 'at'>, visitor: VisitorInput) {
    if (!visitor.userAgent || isbot(visitor.userAgent)) return;
    if (pending.length >= MAX_PENDING) return;
    pending.push({ ...event, key: visitorKey(visitor), at: new Date() });
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
    if (pending.length === 0) return;
    const batch = pending;
    pending = [];
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
