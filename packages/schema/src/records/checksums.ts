// Check digits of the identifier schemes that have one.

/** ISO 7064 mod 11-2 (ISNI, ORCID): 15 digits and a check character 0-9 or X. */
export function hasMod11_2CheckDigit(value: string): boolean {
  if (!/^\d{15}[\dX]$/.test(value)) return false;
  let total = 0;
  for (const char of value.slice(0, 15)) total = (total + Number(char)) * 2;
  const check = (12 - (total % 11)) % 11;
  return value[15] === (check === 10 ? 'X' : String(check));
}

const CROCKFORD_BASE32 = '0123456789abcdefghjkmnpqrstvwxyz';

/** ROR: ISO 7064 mod 97-10 of the Crockford base-32 number, as the last two digits. */
export function hasRorCheckDigits(value: string): boolean {
  const match = /^(0[0-9a-hjkmnp-z]{6})(\d{2})$/.exec(value);
  if (!match) return false;
  const [, base32 = '', digits] = match;
  let number = 0;
  for (const char of base32) number = number * 32 + CROCKFORD_BASE32.indexOf(char);
  const check = 98 - ((number * 100) % 97);
  return digits === String(check).padStart(2, '0');
}

/** EAN-13 (also ISBN-13): weights 1 and 3 alternating. */
export function hasEan13CheckDigit(value: string): boolean {
  if (!/^\d{13}$/.test(value)) return false;
  let total = 0;
  for (let i = 0; i < 12; i++) total += Number(value[i]) * (i % 2 === 0 ? 1 : 3);
  return Number(value[12]) === (10 - (total % 10)) % 10;
}

/** UPC-A is an EAN-13 with a leading zero left out. */
export function hasUpcCheckDigit(value: string): boolean {
  return /^\d{12}$/.test(value) && hasEan13CheckDigit(`0${value}`);
}

/** ISBN-10: weights 10 down to 1, the sum divisible by 11; X stands for 10. */
export function hasIsbn10CheckDigit(value: string): boolean {
  if (!/^\d{9}[\dX]$/.test(value)) return false;
  let total = 0;
  for (let i = 0; i < 10; i++) {
    const char = value[i];
    total += (10 - i) * (char === 'X' ? 10 : Number(char));
  }
  return total % 11 === 0;
}

/** ISSN: 7 digits weighted 8 down to 2, then a mod 11 check character (X for 10). */
export function hasIssnCheckDigit(value: string): boolean {
  if (!/^\d{7}[\dX]$/.test(value)) return false;
  let total = 0;
  for (let i = 0; i < 7; i++) total += Number(value[i]) * (8 - i);
  const check = (11 - (total % 11)) % 11;
  return value[7] === (check === 10 ? 'X' : String(check));
}
