import { FILES_INLINE_LIMIT, FILES_PAGE_MAX, type RecordFiles } from '@arca/schema';

/** What every files listing answer carries; a paged one adds `links.next` while entries follow. */
export interface ListingPage<T> {
  entries?: T[];
  links?: { next?: string; [name: string]: string | undefined };
  /** All files of the record and their bytes (a paged answer's page holds fewer). */
  count?: number;
  total_bytes?: number;
}

/** A listing read so far: `complete` once no page is left to read. */
export type Listing<L> = L & { complete: boolean };

/**
 * The first address to read a listing from. A record whose JSON carries no
 * entries (more files than FILES_INLINE_LIMIT) is read in pages of
 * FILES_PAGE_MAX; a smaller one is asked exactly as before, in one answer.
 */
export function firstPagePath(path: string, files: RecordFiles | undefined): string {
  const large = files !== undefined && (files.count ?? 0) > FILES_INLINE_LIMIT;
  if (!large) return path;
  return `${path}${path.includes('?') ? '&' : '?'}size=${FILES_PAGE_MAX}`;
}

interface ReadOptions<L> {
  /** Reads one page from a same-origin path. */
  get: (path: string) => Promise<L>;
  /** The same-origin path of a `links.next` URL (adding a token where one is needed). */
  nextPath: (link: string) => string;
  /** Called with the entries read so far after each page but the last. */
  onPage?: (listing: Listing<L>) => void;
  signal?: AbortSignal | undefined;
}

/**
 * Reads a files listing, following `links.next` page after page: the first
 * page's answer with the entries of all pages (and no `links.next`).
 */
export async function readListing<T, L extends ListingPage<T>>(
  path: string,
  { get, nextPath, onPage, signal }: ReadOptions<L>,
): Promise<Listing<L>> {
  const first = await get(path);
  const { next: firstNext, ...links } = first.links ?? {};
  const joined = (entries: T[], complete: boolean): Listing<L> => ({
    ...first,
    ...(first.links ? { links } : {}),
    entries,
    complete,
  });
  const entries: T[] = [...(first.entries ?? [])];
  // A link seen twice would loop for ever: stop there instead.
  const seen = new Set<string>();
  for (let next = firstNext; next && !seen.has(next);) {
    seen.add(next);
    onPage?.(joined([...entries], false));
    signal?.throwIfAborted();
    const page = await get(nextPath(next));
    entries.push(...(page.entries ?? []));
    next = page.links?.next;
  }
  return joined(entries, true);
}
