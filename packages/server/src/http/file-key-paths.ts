/**
 * File keys may hold `/` (`folder/test.pdf`, as in InvenioRDM, whose routes take
 * `<path:key>`). The router's `:key` stops at a slash, so before routing the
 * slashes inside a key are encoded (`folder%2Ftest.pdf`); the router decodes
 * them back into the parameter. What follows the key is the route's own tail,
 * by method, as Werkzeug prefers the rule with more fixed parts.
 */
const FILE_PATH = /^(\/api\/records\/[^/]+(?:\/draft)?\/files\/)(.+)$/;

/** The tail after a key that names a route of its own, by method. */
const TAILS: Record<string, RegExp> = {
  GET: /\/(?:content|parts(?:\/[^/]+)?)$/,
  HEAD: /\/content$/,
  PUT: /\/content(?:\/[^/]+)?$/,
  POST: /\/commit$/,
};

/** The URL with the slashes of a file key encoded, or the URL itself when there are none. */
export function fileKeyUrl(method: string | undefined, url: string): string {
  const queryAt = url.indexOf('?');
  const path = queryAt === -1 ? url : url.slice(0, queryAt);
  // Runs of slashes answer 308 first (merge-slashes.ts); the merged URL comes back here.
  if (path.includes('//')) return url;
  const match = FILE_PATH.exec(path);
  if (!match) return url;
  const [, prefix = '', whole = ''] = match;
  // The router ignores one trailing slash; so does this.
  const rest = whole.endsWith('/') ? whole.slice(0, -1) : whole;
  const tail = TAILS[method ?? '']?.exec(rest);
  const key = tail ? rest.slice(0, tail.index) : rest;
  if (!key.includes('/')) return url;
  const suffix = tail ? tail[0] : '';
  return `${prefix}${key.replaceAll('/', '%2F')}${suffix}${queryAt === -1 ? '' : url.slice(queryAt)}`;
}
