// Which persistent identifier schemes a bare value could be, as InvenioRDM's
// idutils answers it (`detect_identifier_schemes`): the same tests, in the same
// order, with the same clash rules. InvenioRDM fills a missing `scheme` with the
// first detected scheme the field allows (marshmallow-utils IdentifierSchema).
import {
  hasEan13CheckDigit,
  hasIsbn10CheckDigit,
  hasIssnCheckDigit,
  hasMod11_2CheckDigit,
} from './checksums.ts';
import {
  ORGANIZATION_IDENTIFIER_SCHEMES,
  PERSON_IDENTIFIER_SCHEMES,
  RECORD_IDENTIFIER_SCHEMES,
  isUrl,
  validateIdentifier,
} from './identifiers.ts';

const ORCID_URLS = ['http://orcid.org/', 'https://orcid.org/'];
const ISNI_URLS = ['http://isni.org/isni/', 'https://isni.org/isni/'];
const PURL_HOSTS = ['purl.org', 'purl.oclc.org', 'purl.net', 'purl.com', 'purl.fdlp.gov'];
const ARK_SUFFIX = /^ark:\/[0-9bcdfghjkmnpqrstvwxz]+\/.+$/;

const stripped = (value: string) => value.replace(/[- ]/g, '').toUpperCase();

function isIsni(value: string): boolean {
  const isni = stripped(value);
  return isni.length === 16 && hasMod11_2CheckDigit(isni);
}

function isOrcid(value: string): boolean {
  const url = ORCID_URLS.find((prefix) => value.startsWith(prefix));
  const iD = stripped(url ? value.slice(url.length) : value);
  if (!isIsni(iD)) return false;
  // ORCID iDs are the ISNI blocks ORCID was given.
  const number = Number(iD.slice(0, 15));
  return (
    (number >= 15_000_000 && number <= 35_000_000) ||
    (number >= 900_000_000_000 && number <= 900_100_000_000)
  );
}

function isIstc(value: string): boolean {
  const istc = stripped(value);
  if (!/^[0-9A-F]{16}$/.test(istc)) return false;
  const weights = [11, 9, 3, 1];
  let sum = 0;
  for (let i = 0; i < 15; i += 1) sum += parseInt(istc[i]!, 16) * weights[i % 4]!;
  return (sum % 16).toString(16).toUpperCase() === istc[15];
}

/** idutils.is_isbn: the digits (and X) form an ISBN-10 or -13, and a bare EAN-13 starts 978/979. */
function isIsbn(value: string): boolean {
  const digits = value.toUpperCase().replace(/[^0-9X]/g, '');
  const isbn13 = /^97[89]/.test(digits) && hasEan13CheckDigit(digits);
  if (!hasIsbn10CheckDigit(digits) && !isbn13) return false;
  return /^97[89]/.test(value) || !hasEan13CheckDigit(value);
}

function isEan8(value: string): boolean {
  if (!/^\d{8}$/.test(value)) return false;
  let sum = 0;
  for (let i = 0; i < 7; i += 1) sum += Number(value[i]) * (i % 2 === 0 ? 3 : 1);
  return (10 - (sum % 10)) % 10 === Number(value[7]);
}

function urlParts(value: string): { scheme: string; host: string; path: string } | undefined {
  const match = /^([a-z][a-z0-9+.-]*):\/\/([^/?#]*)([^?#]*)/i.exec(value);
  return match ? { scheme: match[1]!.toLowerCase(), host: match[2]!, path: match[3]! } : undefined;
}

function isArk(value: string): boolean {
  if (ARK_SUFFIX.test(value)) return true;
  const url = urlParts(value);
  return url?.scheme === 'http' && url.host !== '' && ARK_SUFFIX.test(url.path.slice(1));
}

function isPurl(value: string): boolean {
  const url = urlParts(value);
  return (
    !!url && ['http', 'https'].includes(url.scheme) && PURL_HOSTS.includes(url.host) && !!url.path
  );
}

/** urlparse's `urn:` scheme with no netloc and a path. */
const isUrn = (value: string) => /^urn:(?!\/\/)[^?#]/i.test(value);

const SWH = /^swh:1:(?:cnt|dir|rel|rev|snp):[0-9a-f]{40}(?:;[a-z_]+=[^;\s]+)*$/;

/** idutils' schemes, in its order (the order decides which scheme a value gets). */
const DETECTORS: [string, (value: string) => boolean][] = [
  [
    'doi',
    (v) => /^(?:doi:\s*|(?:https?:\/\/)?(?:dx\.)?doi\.org\/)?10\.\d+(?:\.\d+)*\/.+$/i.test(v),
  ],
  ['ark', isArk],
  [
    'handle',
    (v) =>
      /^(?:hdl:\s*|(?:https?:\/\/)?hdl\.handle\.net\/)?[^/.]+(?:\.[^/.]+)*\/.*$/is.test(v) &&
      !SWH.test(v),
  ],
  ['purl', isPurl],
  ['lsid', (v) => isUrn(v) && /^urn:lsid:[^:]+(?::[^:]+){2,3}$/i.test(v)],
  ['urn', isUrn],
  ['ads', (v) => /^(?:ads:|ADS:)?\d{4}[A-Za-z]\S{13}[A-Za-z.:]$/.test(v.normalize('NFKD'))],
  [
    'arxiv',
    (v) =>
      /^(?:arxiv:)?\d{4}\.\d{4,5}(?:v\d+)?$/i.test(v) ||
      /^(?:arxiv:)?[a-z-]+(?:\.[a-z]{2})?\/\d{4}\.\d{4,5}(?:v\d+)?$/i.test(v) ||
      /^(?:arxiv:)?[a-z-]+(?:\.[a-z]{2})?\/\d{4}\d+(?:v\d+)?$/i.test(v),
  ],
  ['pmcid', (v) => /^PMC\d+$/i.test(v)],
  ['isbn', isIsbn],
  ['issn', (v) => stripped(v).length === 8 && hasIssnCheckDigit(stripped(v))],
  ['orcid', isOrcid],
  ['isni', isIsni],
  ['ean13', (v) => /^\d{13}$/.test(v) && hasEan13CheckDigit(v)],
  ['ean8', isEan8],
  ['istc', isIstc],
  [
    'gnd',
    // Matched from the start only, as idutils does.
    (v) =>
      /^(?:gnd:|GND:|https?:\/\/d-nb\.info\/gnd\/|d-nb\.info\/gnd\/)?(?:1[012]?\d{7}[0-9X]|[47]\d{6}-\d|[1-9]\d{0,7}-[0-9X]|3\d{7}[0-9X])/.test(
        v,
      ),
  ],
  ['ror', (v) => validateIdentifier('ror', v)],
  ['pmid', (v) => /^(?:pmid:|https?:\/\/pubmed.ncbi.nlm.nih.gov\/)?\d+\/?$/i.test(v)],
  ['url', isUrl],
  ['sra', (v) => /^[SED]R[APRSXZ]\d+$/.test(v)],
  ['bioproject', (v) => /^PRJ(?:NA|EA|EB|DB)\d+$/.test(v)],
  ['swh', (v) => SWH.test(v)],
];

/** When the first scheme is detected, the others are dropped (idutils' scheme filter). */
const SCHEME_FILTER: [string, string[]][] = [
  ['url', ['isbn', 'istc', 'urn', 'lsid', 'issn', 'ean8']],
  ['ean8', ['gnd', 'pmid']],
  ['ean13', ['gnd', 'pmid']],
  ['isbn', ['gnd', 'pmid']],
  ['orcid', ['gnd', 'pmid']],
  ['isni', ['gnd', 'pmid']],
  ['issn', ['gnd']],
];

/** Every scheme `value` could be, most specific first (idutils.detect_identifier_schemes). */
export function detectIdentifierSchemes(value: string): string[] {
  let schemes = DETECTORS.filter(([, test]) => test(value)).map(([scheme]) => scheme);
  const without = (scheme: string) => (schemes = schemes.filter((s) => s !== scheme));
  // GND and ISBN numbers clash: an explicit gnd: prefix settles it.
  if (schemes.includes('gnd') && schemes.includes('isbn') && /^gnd:/i.test(value)) without('isbn');
  if (schemes.includes('isni') && ISNI_URLS.some((url) => value.startsWith(url))) {
    without('url');
    without('handle');
  }
  for (const [first, dropped] of SCHEME_FILTER) {
    if (schemes.includes(first)) schemes = schemes.filter((s) => !dropped.includes(s));
  }
  // A handle is only a handle-resolver URL, or something no ark or arXiv id explains better.
  if (
    schemes.includes('handle') &&
    schemes.includes('url') &&
    !/^https?:\/\/hdl\.handle\.net\//.test(value)
  ) {
    without('handle');
  } else if (schemes.includes('handle') && (schemes.includes('ark') || schemes.includes('arxiv'))) {
    without('handle');
  }
  return schemes;
}

/** The first detected scheme that `allowed` contains (marshmallow-utils' order), if any. */
export function detectScheme(value: string, allowed: readonly string[]): string | undefined {
  return detectIdentifierSchemes(value.trim()).find((scheme) => allowed.includes(scheme));
}

type Json = Record<string, unknown>;
const isJson = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Fills `scheme` of each `{identifier}` entry that has none, from the schemes `allowed`. */
function fillSchemes(entries: unknown, allowed: readonly string[]): void {
  if (!Array.isArray(entries)) return;
  for (const entry of entries) {
    if (!isJson(entry) || typeof entry.identifier !== 'string') continue;
    if (entry.scheme !== undefined && entry.scheme !== null && entry.scheme !== '') continue;
    const scheme = detectScheme(entry.identifier, allowed);
    if (scheme) entry.scheme = scheme;
  }
}

/**
 * Gives identifiers sent without a scheme the scheme detected from their value,
 * where InvenioRDM's record schema does (its IdentifierSchema fields): the
 * identifiers of creators and contributors, alternate and related identifiers.
 * Changes `metadata` in place; what no allowed scheme explains stays without one.
 */
export function fillDetectedSchemes(metadata: Json): void {
  for (const list of [metadata.creators, metadata.contributors]) {
    if (!Array.isArray(list)) continue;
    for (const creatibutor of list) {
      const personOrOrg = isJson(creatibutor) ? creatibutor.person_or_org : undefined;
      if (!isJson(personOrOrg)) continue;
      const allowed =
        personOrOrg.type === 'personal'
          ? PERSON_IDENTIFIER_SCHEMES
          : personOrOrg.type === 'organizational'
            ? ORGANIZATION_IDENTIFIER_SCHEMES
            : [...PERSON_IDENTIFIER_SCHEMES, ...ORGANIZATION_IDENTIFIER_SCHEMES];
      fillSchemes(personOrOrg.identifiers, allowed);
    }
  }
  fillSchemes(metadata.identifiers, RECORD_IDENTIFIER_SCHEMES);
  fillSchemes(metadata.related_identifiers, RECORD_IDENTIFIER_SCHEMES);
}
