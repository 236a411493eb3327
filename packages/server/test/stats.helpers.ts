import { statsEvents } from '../src/db/schema.ts';
import type { Database } from '../src/db/client.ts';

export const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64; rv:132.0) Gecko/20100101 Firefox/132.0';
export const ROBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

/** A different browser for each visitor number (COUNTER: address and user agent). */
export const browser = (n: number) => ({ 'user-agent': `${BROWSER} visitor/${n}` });

/** Raw events at chosen times, as the recorder writes them. */
export async function insertEvents(
  db: Database,
  events: {
    kind?: 'view' | 'download';
    recordId: string;
    parentId?: string;
    visitor: string;
    at: string;
    lastAt?: string;
    fileKey?: string;
    bytes?: number;
    ranged?: boolean;
  }[],
) {
  await db.insert(statsEvents).values(
    events.map((event) => ({
      kind: event.kind ?? 'view',
      recordId: event.recordId,
      parentId: event.parentId ?? `p-${event.recordId}`,
      visitor: event.visitor,
      at: new Date(event.at),
      lastAt: new Date(event.lastAt ?? event.at),
      fileKey: event.fileKey ?? (event.kind === 'download' ? 'data.csv' : ''),
      bytes: event.bytes ?? 0,
      ranged: event.ranged ?? false,
    })),
  );
}
