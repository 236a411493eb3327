// Without zod: the records validation (and so the deposit page) needs it too.
/** ORCID iD: four groups of four, the last character a mod 11-2 check digit. */
export function isValidOrcid(value: string): boolean {
  const match = /^(\d{4})-(\d{4})-(\d{4})-(\d{3}[\dX])$/.exec(value);
  if (!match) return false;
  const digits = match.slice(1).join('');
  let total = 0;
  for (const char of digits.slice(0, 15)) total = (total + Number(char)) * 2;
  const check = (12 - (total % 11)) % 11;
  return digits[15] === (check === 10 ? 'X' : String(check));
}
