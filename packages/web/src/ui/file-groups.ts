/** From this many files on, a list renders virtualised, with a filter and folders. */
export const LONG_LIST = 50;

/** A file's folder: its key before the last "/" ('' for a file at the top level). */
export function folderOf(key: string): string {
  const slash = key.lastIndexOf('/');
  return slash < 0 ? '' : key.slice(0, slash);
}

/** A file's name within its folder. */
export const baseName = (key: string) => key.slice(key.lastIndexOf('/') + 1);

const byName = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

export interface FolderRow {
  kind: 'folder';
  folder: string;
  /** Files of the folder that pass the filter, and their bytes. */
  count: number;
  bytes: number;
  open: boolean;
}

export interface FileRow<T> {
  kind: 'file';
  item: T;
  key: string;
}

export type ListRow<T> = FolderRow | FileRow<T>;

interface RowOptions<T> {
  keyOf: (item: T) => string;
  sizeOf: (item: T) => number;
  /** Case-insensitive part of a key; '' keeps every file. */
  filter: string;
  /** Folders whose files are hidden. */
  closed: ReadonlySet<string>;
}

/**
 * The rows of a long file list: the files that pass the filter, grouped by
 * folder (top level first, then folders by name; files by name, the order of
 * the server's listing, wherever they were added from)
 * under a header row with their count and bytes. Files in no folder at all
 * need no header: a list without folders is the files alone.
 */
export function listRows<T>(items: readonly T[], options: RowOptions<T>) {
  const { keyOf, sizeOf, closed } = options;
  const wanted = options.filter.trim().toLocaleLowerCase();
  const groups = new Map<string, FileRow<T>[]>();
  let matched = 0;
  for (const item of items) {
    const key = keyOf(item);
    if (wanted && !key.toLocaleLowerCase().includes(wanted)) continue;
    matched += 1;
    const folder = folderOf(key);
    let group = groups.get(folder);
    if (!group) groups.set(folder, (group = []));
    group.push({ kind: 'file', item, key });
  }
  const folders = [...groups.keys()].sort(byName);
  const grouped = folders.some((folder) => folder !== '');
  const rows: ListRow<T>[] = [];
  for (const folder of folders) {
    const files = (groups.get(folder) ?? []).sort((a, b) => byName(a.key, b.key));
    const open = !closed.has(folder);
    if (grouped) {
      const bytes = files.reduce((sum, file) => sum + sizeOf(file.item), 0);
      rows.push({ kind: 'folder', folder, count: files.length, bytes, open });
    }
    if (open || !grouped) rows.push(...files);
  }
  return { rows, matched };
}
