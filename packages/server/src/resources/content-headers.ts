import type { ByteRange } from '../storage/storage.ts';

/**
 * The one range of a `Range: bytes=…` header: a range, 'unsatisfiable', or
 * null to send the whole file (no header, or one we do not serve: several
 * ranges or another unit, which RFC 9110 lets a server ignore). A bytes range
 * that does not parse (`bytes=not-a-range`) is unsatisfiable, as Werkzeug
 * answers for InvenioRDM.
 */
export function parseRange(
  header: string | undefined,
  size: number,
): ByteRange | 'unsatisfiable' | null {
  if (!header) return null;
  const spec = header.trim();
  const match = /^bytes=(\d*)-(\d*)$/i.exec(spec);
  if (!match) {
    const ranges = /^bytes=\s*\d*-\d*(\s*,\s*\d*-\d*)+$/i.test(spec);
    return /^bytes=/i.test(spec) && !ranges ? 'unsatisfiable' : null;
  }
  const [, from = '', to = ''] = match;
  if (from === '' && to === '') return 'unsatisfiable';
  if (from === '') {
    const suffix = Number(to);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(from);
  const end = to === '' ? size - 1 : Math.min(Number(to), size - 1);
  if (start >= size || end < start) return 'unsatisfiable';
  return { start, end };
}

/** Types a browser may show inline; anything else is downloaded, so uploads never run as pages. */
const INLINE_TYPES = new Set([
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'application/pdf',
  'text/plain',
  'text/csv',
]);

/** `Content-Disposition` with an ASCII fallback name and the exact UTF-8 one (RFC 6266). */
export function contentDisposition(key: string, mimetype: string, download: boolean): string {
  const kind = download || !INLINE_TYPES.has(mimetype) ? 'attachment' : 'inline';
  const fallback = key.replace(/[^\x20-\x7e]|["\\%;]/g, '_');
  const encoded = encodeURIComponent(key).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${kind}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
