// Logo types recognised by their first bytes, never by what the client claims.
// SVG is not among them: it may carry script, and a logo is served from the
// site's own origin.
const SIGNATURES: [string, (b: Buffer) => boolean][] = [
  ['image/png', (b) => b.subarray(0, 8).equals(Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]))],
  ['image/jpeg', (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff],
  ['image/gif', (b) => b.subarray(0, 4).toString('latin1') === 'GIF8'],
  [
    'image/webp',
    (b) =>
      b.subarray(0, 4).toString('latin1') === 'RIFF' &&
      b.subarray(8, 12).toString('latin1') === 'WEBP',
  ],
];

/** The media type the bytes are, if they are a logo type Arca serves; else null. */
export function sniffLogoType(bytes: Buffer): string | null {
  return SIGNATURES.find(([, matches]) => matches(bytes))?.[0] ?? null;
}

// Older names some clients still send for the same types.
const ALIASES: Record<string, string> = {
  'image/jpg': 'image/jpeg',
  'image/pjpeg': 'image/jpeg',
  'image/x-png': 'image/png',
};

/** Whether a declared media type names another image type than the bytes are. */
export function contradicts(declared: string | undefined, sniffed: string): boolean {
  if (!declared?.startsWith('image/')) return false;
  return (ALIASES[declared] ?? declared) !== sniffed;
}
