import type { DraftFile, PartLink } from './files-api.ts';
import { readPartPage } from './files-api.ts';

/** Part links asked for at a time: the most the server gives in one page. */
export const PART_PAGE_SIZE = 1000;

/**
 * Where to PUT a part: the file's inline `links.parts`, or, for a file with
 * more parts than the server lists inline, the page of `links.part_urls`
 * holding it (each page fetched once, shared by the parts asking at once).
 */
export function createPartLinks() {
  const pages = new Map<string, Promise<PartLink[]>>();
  const pageKey = (entry: DraftFile, page: number) => `${entry.links.self} ${page}`;

  return {
    async find(entry: DraftFile, part: number): Promise<PartLink | undefined> {
      const inline = entry.links.parts?.find((p) => p.part === part);
      if (inline || !entry.links.part_urls) return inline;
      const page = Math.ceil(part / PART_PAGE_SIZE);
      const key = pageKey(entry, page);
      let links = pages.get(key);
      if (!links) {
        links = readPartPage(entry.links.part_urls, page, PART_PAGE_SIZE);
        pages.set(key, links);
        // A failed read is asked again next time.
        links.catch(() => pages.delete(key));
      }
      return (await links).find((p) => p.part === part);
    },

    /** Drops the pages of a file read again (its links expired or were refused). */
    forget(entry: DraftFile): void {
      for (const key of pages.keys()) {
        if (key.startsWith(`${entry.links.self} `)) pages.delete(key);
      }
    },
  };
}
