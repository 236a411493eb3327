import type { Creatibutor, LocalizedText, SchemeIdentifier } from '@arca/schema';

/** SPEC §9: titles are shown truncated to 60 characters. */
export const TITLE_DISPLAY_LENGTH = 60;
/** SPEC §2: at most 3 creators are shown before "and N others". */
export const CREATORS_SHOWN = 3;

export function truncate(text: string, length: number): string {
  const characters = [...text];
  return characters.length > length ? `${characters.slice(0, length).join('').trimEnd()}…` : text;
}

/** A vocabulary title in the UI language, else English, else any language there is. */
export function localise(text: LocalizedText | undefined, language: string): string | undefined {
  if (!text) return undefined;
  return text[language] ?? text[language.split('-')[0]!] ?? text.en ?? Object.values(text)[0];
}

/** "Family, Given" for people (as InvenioRDM indexes them), the name for organisations. */
export function creatorName({ person_or_org: who }: Creatibutor): string {
  if (who.name) return who.name;
  if (who.type === 'personal' && who.family_name) {
    return who.given_name ? `${who.family_name}, ${who.given_name}` : who.family_name;
  }
  return who.family_name ?? who.given_name ?? '';
}

/** The search page's query for one creator name (SPEC §2: creator names link to it). */
export function creatorSearchPath(name: string): string {
  const query = `metadata.creators.person_or_org.name:"${name.replace(/["\\]/g, '\\$&')}"`;
  return `/search?${new URLSearchParams({ q: query }).toString()}`;
}

/** Profile pages of the identifier schemes creators and affiliations link to (SPEC §2). */
const PROFILE_URLS: Record<string, (id: string) => string> = {
  orcid: (id) => `https://orcid.org/${id}`,
  ror: (id) => `https://ror.org/${id}`,
  gnd: (id) => `https://d-nb.info/gnd/${id.replace(/^gnd:/i, '')}`,
};

export function profileUrl({ scheme, identifier }: SchemeIdentifier): string | undefined {
  return PROFILE_URLS[scheme.toLowerCase()]?.(identifier);
}

/** Where an identifier of a record or related work can be opened, when it is resolvable. */
export function identifierUrl({ scheme, identifier }: SchemeIdentifier): string | undefined {
  switch (scheme.toLowerCase()) {
    case 'doi':
      return `https://doi.org/${identifier}`;
    case 'url':
      return /^https?:\/\//i.test(identifier) ? identifier : undefined;
    case 'handle':
      return `https://hdl.handle.net/${identifier}`;
    case 'arxiv':
      return `https://arxiv.org/abs/${identifier.replace(/^arxiv:/i, '')}`;
    case 'pmid':
      return `https://pubmed.ncbi.nlm.nih.gov/${identifier}`;
    default:
      return profileUrl({ scheme, identifier });
  }
}
