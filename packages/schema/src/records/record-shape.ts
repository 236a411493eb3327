// Which keys a stored record may hold (InvenioRDM's schemas refuse unknown
// fields): every other key is dropped when a draft is saved and reported as
// `unknownField`; publishing finds none left. Values are checked elsewhere.
import { isObject, type JsonObject } from './field-checks.ts';

/** `true`: any value (its checks say more); an object: these keys; `list`; localized text. */
type Shape = true | { keys: Record<string, Shape> } | { list: Shape } | 'localized';

const obj = (keys: Record<string, Shape>): Shape => ({ keys });
const list = (item: Shape): Shape => ({ list: item });
const leaves = (...names: string[]): Record<string, Shape> =>
  Object.fromEntries(names.map((name) => [name, true]));

// A vocabulary reference; the read-back title and props may come back with it and are reduced.
const ref = obj(leaves('id', 'title', 'props'));
const schemeIdentifier = obj(leaves('scheme', 'identifier'));
const creatibutor = obj({
  person_or_org: obj({
    ...leaves('type', 'name', 'given_name', 'family_name'),
    identifiers: list(schemeIdentifier),
  }),
  role: ref,
  affiliations: list(obj(leaves('id', 'name'))),
});

const METADATA = obj({
  resource_type: ref,
  title: true,
  additional_titles: list(obj({ title: true, type: ref, lang: ref })),
  publication_date: true,
  creators: list(creatibutor),
  contributors: list(creatibutor),
  description: true,
  additional_descriptions: list(obj({ description: true, type: ref, lang: ref })),
  dates: list(obj({ date: true, type: ref, description: true })),
  languages: list(ref),
  identifiers: list(schemeIdentifier),
  related_identifiers: list(
    obj({ ...leaves('scheme', 'identifier'), relation_type: ref, resource_type: ref }),
  ),
  references: list(obj(leaves('reference', 'scheme', 'identifier'))),
  subjects: list(obj({ ...leaves('id', 'subject', 'scheme'), title: 'localized' })),
  funding: list(
    obj({
      funder: obj(leaves('id', 'name')),
      award: obj({
        ...leaves('id', 'number', 'acronym', 'program'),
        title: 'localized',
        identifiers: list(schemeIdentifier),
      }),
    }),
  ),
  rights: list(
    obj({
      ...leaves('id', 'link', 'icon'),
      title: 'localized',
      description: 'localized',
      props: obj(leaves('url', 'scheme')),
    }),
  ),
  publisher: true,
  version: true,
  sizes: list(true),
  formats: list(true),
  locations: obj({
    features: list(
      obj({
        geometry: obj(leaves('type', 'coordinates')),
        ...leaves('place', 'description'),
        identifiers: list(schemeIdentifier),
      }),
    ),
  }),
});

/** The optional custom field groups (SPEC §2) and the keys they write (InvenioRDM's names). */
export const CUSTOM_FIELD_GROUPS = {
  imprint: { key: 'imprint:imprint', fields: ['title', 'isbn', 'pages', 'place', 'edition'] },
  journal: { key: 'journal:journal', fields: ['title', 'issn', 'volume', 'issue', 'pages'] },
  meeting: {
    key: 'meeting:meeting',
    fields: ['title', 'acronym', 'dates', 'place', 'session', 'session_part', 'url'],
  },
  thesis: { key: 'thesis:university', fields: null },
} as const;

export type CustomFieldGroup = keyof typeof CUSTOM_FIELD_GROUPS;

function customFieldsShape(groups: readonly CustomFieldGroup[]): Shape {
  const keys: Record<string, Shape> = {};
  for (const group of groups) {
    const { key, fields } = CUSTOM_FIELD_GROUPS[group];
    keys[key] = fields ? obj(leaves(...fields)) : true;
  }
  return obj(keys);
}

function documentShape(customFields: readonly CustomFieldGroup[]): Shape {
  return obj({
    metadata: METADATA,
    custom_fields: customFieldsShape(customFields),
    access: obj({
      ...leaves('record', 'files'),
      embargo: obj(leaves('active', 'until', 'reason')),
    }),
    files: obj(leaves('enabled', 'default_preview')),
    pids: obj({ doi: obj(leaves('identifier', 'provider', 'client')) }),
  });
}

// A language tag keys a localized text: `en`, `pt-BR`, `zh-Hant`.
const LANGUAGE_TAG = /^[A-Za-z]{2,8}(?:[-_][A-Za-z0-9]{1,8})*$/;

function walk(value: unknown, shape: Shape, path: string, found: (path: string) => boolean): void {
  if (shape === true) return;
  if (shape !== 'localized' && 'list' in shape) {
    if (Array.isArray(value))
      value.forEach((item, i) => walk(item, shape.list, `${path}.${i}`, found));
    return;
  }
  if (!isObject(value)) return;
  for (const key of Object.keys(value)) {
    const at = path ? `${path}.${key}` : key;
    if (shape === 'localized') {
      if (!LANGUAGE_TAG.test(key) && found(at)) delete value[key];
    } else if (!Object.hasOwn(shape.keys, key)) {
      if (found(at)) delete value[key];
    } else {
      walk(value[key], shape.keys[key]!, at, found);
    }
  }
}

export interface ShapeOptions {
  /** The custom field groups the site switched on (none: no custom field is known). */
  customFields: readonly CustomFieldGroup[];
}

/** The dotted paths of the keys a record document may not hold. */
export function unknownKeys(document: unknown, options: ShapeOptions): string[] {
  const paths: string[] = [];
  walk(document, documentShape(options.customFields), '', (path) => (paths.push(path), false));
  return paths;
}

/** Drops those keys from the document (in place) and returns their paths. */
export function dropUnknownKeys(document: JsonObject, options: ShapeOptions): string[] {
  const paths: string[] = [];
  walk(document, documentShape(options.customFields), '', (path) => (paths.push(path), true));
  return paths;
}
