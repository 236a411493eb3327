// How many file entries travel inline. A record with more files than
// FILES_INLINE_LIMIT answers its JSON without `files.entries` (count and
// total_bytes only), and its files listing in pages (`links.next`); smaller
// records answer exactly as InvenioRDM does. Search hits never carry entries.
export const FILES_INLINE_LIMIT = 100;
/** Entries per listing page when a client asks no size, and the most it may ask. */
export const FILES_PAGE_SIZE = 100;
export const FILES_PAGE_MAX = 1_000;
/** File keys announced by one `init` call from the web uploader. */
export const FILES_INIT_BATCH = 100;
