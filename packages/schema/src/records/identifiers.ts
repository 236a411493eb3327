// Persistent identifier schemes: how to recognise a valid identifier and the
// canonical form to store. The canonical form is what follows the scheme's
// url_prefix in the identifierschemes vocabulary (e.g. https://orcid.org/ + iD).
import { isValidOrcid } from '../orcid.ts';
import {
  hasEan13CheckDigit,
  hasIsbn10CheckDigit,
  hasIssnCheckDigit,
  hasMod11_2CheckDigit,
  hasRorCheckDigits,
  hasUpcCheckDigit,
} from './checksums.ts';

/** Schemes a person's identifiers may use (creators and contributors). */
export const PERSON_IDENTIFIER_SCHEMES = ['orcid', 'isni', 'gnd'] as const;
/** Schemes an organisation's identifiers may use (creators and contributors). */
export const ORGANIZATION_IDENTIFIER_SCHEMES = ['ror', 'isni', 'gnd'] as const;
/**
 * Schemes of a record's alternate and related identifiers; no other is
 * accepted there (InvenioRDM's RDM_RECORDS_IDENTIFIERS_SCHEMES).
 */
export const RECORD_IDENTIFIER_SCHEMES = [
  'ads',
  'ark',
  'arxiv',
  'bibcode',
  'doi',
  'ean13',
  'eissn',
  'handle',
  'isbn',
  'issn',
  'istc',
  'lissn',
  'lsid',
  'pmcid',
  'pmid',
  'purl',
  'swh',
  'upc',
  'url',
  'urn',
  'w3id',
] as const;

interface SchemeRule {
  /** Removes resolver URLs and prefixes such as `doi:`; only called on trimmed input. */
  normalize: (value: string) => string;
  isValid: (normalized: string) => boolean;
}

const unchanged = (value: string) => value;
const matches = (pattern: RegExp) => (value: string) => pattern.test(value);
const withoutSeparators = (value: string) => value.replace(/[\s-]/g, '');

/** An absolute http(s) URL with a host and no whitespace. */
export function isHttpUrl(value: string): boolean {
  if (/\s/.test(value) || !URL.canParse(value)) return false;
  const url = new URL(value);
  return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
}

/**
 * A URL as InvenioRDM's `url` scheme takes it (idutils.is_url: urlparse finds
 * a scheme and a host), e.g. ftp://example.org/x too. Pages link only http(s).
 */
export function isUrl(value: string): boolean {
  return /^[a-z][a-z0-9+.-]*:\/\/[^/?#]/i.test(value);
}

/** A DOI without its resolver URL or `doi:` prefix: `https://doi.org/10.1234/x` → `10.1234/x`. */
export function normalizeDoi(value: string): string {
  return value.trim().replace(/^(?:doi:\s*|(?:https?:\/\/)?(?:dx\.)?doi\.org\/)/i, '');
}

function normalizeOrcid(value: string): string {
  const iD = value.replace(/^(?:https?:\/\/)?(?:www\.)?orcid\.org\//i, '').toUpperCase();
  return /^\d{15}[\dX]$/.test(iD) ? iD.replace(/(.{4})(?!$)/g, '$1-') : iD;
}

function normalizeIssn(value: string): string {
  const issn = withoutSeparators(
    value.replace(/^(?:(?:https?:\/\/)?portal\.issn\.org\/resource\/issn\/|e?issn:?)/i, ''),
  ).toUpperCase();
  return /^\d{7}[\dX]$/.test(issn) ? `${issn.slice(0, 4)}-${issn.slice(4)}` : issn;
}

function isIsbn(value: string): boolean {
  if (value.length === 10) return hasIsbn10CheckDigit(value);
  return /^97[89]/.test(value) && hasEan13CheckDigit(value);
}

const issn: SchemeRule = {
  normalize: normalizeIssn,
  isValid: (value) => /^\d{4}-\d{3}[\dX]$/.test(value) && hasIssnCheckDigit(value.replace('-', '')),
};

const bibcode: SchemeRule = {
  normalize: (value) =>
    value.replace(/^(?:ads:|bibcode:|(?:https?:\/\/)?ui\.adsabs\.harvard\.edu\/abs\/)/i, ''),
  // 19 characters: year, journal, volume, page, initial (idutils' pattern).
  isValid: matches(/^\d{4}[A-Za-z]\S{13}[A-Z.:]$/),
};

const SCHEME_RULES = new Map<string, SchemeRule>([
  [
    'doi',
    {
      normalize: normalizeDoi,
      isValid: matches(/^10\.\d+(?:\.\d+)*\/\S+$/),
    },
  ],
  ['orcid', { normalize: normalizeOrcid, isValid: isValidOrcid }],
  [
    'ror',
    {
      normalize: (value) => value.replace(/^(?:https?:\/\/)?ror\.org\//i, '').toLowerCase(),
      isValid: hasRorCheckDigits,
    },
  ],
  [
    'gnd',
    {
      normalize: (value) => value.replace(/^(?:(?:https?:\/\/)?d-nb\.info\/gnd\/|gnd:)/i, ''),
      // Persons, organisations, subjects and works have different shapes (idutils' pattern).
      isValid: matches(/^(?:(?:1|10)\d{7}[\dX]|[47]\d{6}-\d|[1-9]\d{0,7}-[\dX]|3\d{7}[\dX])$/),
    },
  ],
  [
    'isni',
    {
      normalize: (value) =>
        value
          .replace(/^(?:https?:\/\/)?(?:www\.)?isni\.org\/(?:isni\/)?/i, '')
          .replace(/\s/g, '')
          .toUpperCase(),
      isValid: hasMod11_2CheckDigit,
    },
  ],
  [
    'arxiv',
    {
      normalize: (value) => value.replace(/^(?:(?:https?:\/\/)?arxiv\.org\/abs\/|arxiv:)/i, ''),
      // New style 2101.00001v2, old style hep-th/9901001 or math.GT/0309136.
      isValid: matches(/^(?:\d{4}\.\d{4,5}|[a-z]+(?:-[a-z]+)*(?:\.[A-Z]{2})?\/\d{7})(?:v\d+)?$/),
    },
  ],
  ['url', { normalize: unchanged, isValid: isUrl }],
  ['urn', { normalize: unchanged, isValid: matches(/^urn:[a-z0-9][a-z0-9-]{0,31}:\S+$/i) }],
  [
    'handle',
    {
      normalize: (value) => value.replace(/^(?:hdl:\s*|(?:https?:\/\/)?hdl\.handle\.net\/)/i, ''),
      isValid: matches(/^[^\s/.]+(?:\.[^\s/.]+)*\/\S+$/),
    },
  ],
  [
    'ark',
    {
      normalize: (value) => value.replace(/^https?:\/\/[^/]+\/(?=ark:)/i, ''),
      isValid: matches(/^ark:\/?[0-9bcdfghjkmnpqrstvwxz]+\/\S+$/),
    },
  ],
  [
    'isbn',
    {
      normalize: (value) =>
        withoutSeparators(value.replace(/^isbn(?:-1[03])?:?/i, '')).toUpperCase(),
      isValid: isIsbn,
    },
  ],
  ['issn', issn],
  ['eissn', issn],
  ['lissn', issn],
  [
    'pmid',
    {
      normalize: (value) =>
        value
          .replace(/^(?:pmid:\s*|(?:https?:\/\/)?pubmed\.ncbi\.nlm\.nih\.gov\/)/i, '')
          .replace(/\/$/, ''),
      isValid: matches(/^\d+$/),
    },
  ],
  [
    'pmcid',
    {
      normalize: (value) =>
        value
          .replace(
            /^(?:https?:\/\/)?(?:pmc\.ncbi\.nlm\.nih\.gov|www\.ncbi\.nlm\.nih\.gov\/pmc)\/articles\//i,
            '',
          )
          .replace(/\/$/, '')
          .toUpperCase(),
      isValid: matches(/^PMC\d+$/),
    },
  ],
  ['purl', { normalize: unchanged, isValid: matches(/^https?:\/\/purl\.[a-z0-9.-]+\/\S+$/i) }],
  ['w3id', { normalize: unchanged, isValid: matches(/^https?:\/\/w3id\.org\/\S+$/i) }],
  [
    'swh',
    {
      normalize: (value) => value.replace(/^(?:https?:\/\/)?archive\.softwareheritage\.org\//i, ''),
      isValid: matches(/^swh:1:(?:cnt|dir|rel|rev|snp):[0-9a-f]{40}(?:;[a-z_]+=[^;\s]+)*$/),
    },
  ],
  ['ads', bibcode],
  ['bibcode', bibcode],
  [
    'lsid',
    { normalize: unchanged, isValid: matches(/^urn:lsid:[^:\s]+:[^:\s]+:[^:\s]+(?::[^:\s]+)?$/i) },
  ],
  ['ean13', { normalize: withoutSeparators, isValid: hasEan13CheckDigit }],
  [
    'istc',
    {
      normalize: (value) => withoutSeparators(value).toUpperCase(),
      // Registrant, year of registration, work number, check character.
      isValid: matches(/^[0-9A-F]{3}20\d{2}[0-9A-F]{9}$/),
    },
  ],
  ['upc', { normalize: withoutSeparators, isValid: hasUpcCheckDigit }],
  [
    'grid',
    { normalize: (value) => value.toLowerCase(), isValid: matches(/^grid\.\d+\.[0-9a-f]{1,2}$/) },
  ],
  [
    'crossreffunderid',
    {
      normalize: (value) => normalizeDoi(value).replace(/^10\.13039\//, ''),
      isValid: matches(/^\d{9,12}$/),
    },
  ],
]);

/** Every scheme this module can check. */
export const IDENTIFIER_SCHEMES: readonly string[] = [...SCHEME_RULES.keys()];

/**
 * Whether `value` is a valid identifier of `scheme` (any case), resolver URLs
 * and prefixes allowed. An unknown scheme accepts any non-blank value; places
 * that only allow some schemes check the scheme list first.
 */
export function validateIdentifier(scheme: string, value: string): boolean {
  const rule = SCHEME_RULES.get(scheme.toLowerCase());
  const trimmed = value.trim();
  if (!rule) return trimmed !== '';
  return rule.isValid(rule.normalize(trimmed));
}

/** The canonical form of a valid identifier; anything else comes back trimmed. */
export function normalizeIdentifier(scheme: string, value: string): string {
  const rule = SCHEME_RULES.get(scheme.toLowerCase());
  const trimmed = value.trim();
  if (!rule) return trimmed;
  const normalized = rule.normalize(trimmed);
  return rule.isValid(normalized) ? normalized : trimmed;
}
