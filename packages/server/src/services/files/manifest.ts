/** The name of the manifest, as a download and inside the zip archive. */
export const MANIFEST_NAME = 'manifest-sha256.txt';

/**
 * A path in a BagIt manifest (RFC 8493 §2.1.3): `%`, CR and LF are
 * percent-encoded, so that one line names one file.
 */
const manifestPath = (key: string) =>
  key.replace(/[%\r\n]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`);

/**
 * A BagIt-style `manifest-sha256.txt`: one line per file, its SHA-256 in hex,
 * two spaces, its path (as `sha256sum -c` reads it, in the unzipped archive).
 */
export function manifestSha256(files: { key: string; sha256: string }[]): string {
  return files.map((f) => `${f.sha256}  ${manifestPath(f.key)}\n`).join('');
}
