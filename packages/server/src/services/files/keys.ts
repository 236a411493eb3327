import mime from 'mime-types';

export const MAX_KEY_LENGTH = 255;

/** NFC, so "é" typed two ways is one name (SPEC §5: names are compared Unicode-normalised). */
export const normalizeKey = (key: string) => key.normalize('NFC');

/**
 * Why a file name cannot be a key, or null when it can. Folders are allowed
 * (`folder/test.pdf`, as in InvenioRDM), but no traversal: no absolute paths,
 * no empty, "." or ".." segments, no backslashes, no control characters.
 */
export function keyProblem(key: string): 'fileKeyRequired' | 'invalidFileKey' | null {
  if (key.length === 0) return 'fileKeyRequired';
  if (
    key.length > MAX_KEY_LENGTH ||
    key.includes('\\') ||
    /\p{Cc}/u.test(key) ||
    key.trim() !== key ||
    key.split('/').some((segment) => segment === '' || segment === '.' || segment === '..')
  ) {
    return 'invalidFileKey';
  }
  return null;
}

/** The MIME type of a file name (SPEC §3: application/octet-stream when unknown). */
export function mimetypeOf(key: string): string {
  return mime.lookup(key) || 'application/octet-stream';
}

export function extensionOf(key: string): string | null {
  const dot = key.lastIndexOf('.');
  return dot > 0 && dot < key.length - 1 ? key.slice(dot + 1).toLowerCase() : null;
}
