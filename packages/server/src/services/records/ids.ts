import { randomBytes } from 'node:crypto';

// Crockford's base 32 without i, l, o, u: ids read aloud and typed by hand stay unambiguous.
const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';

/** A record or parent id in InvenioRDM's form: `xxxxx-xxxxx` (50 random bits). */
export function newRecordId(): string {
  const bytes = randomBytes(10);
  const chars = [...bytes].map((byte) => ALPHABET[byte % 32]!);
  return `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`;
}

export const RECORD_ID_PATTERN = /^[0-9a-hjkmnp-tv-z]{5}-[0-9a-hjkmnp-tv-z]{5}$/;
