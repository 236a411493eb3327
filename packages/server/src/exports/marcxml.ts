import type { Creatibutor, RecordJson } from '@arca/schema';
import {
  displayName,
  doiOf,
  english,
  identifierOf,
  identifierUrl,
  landingPage,
  plainText,
} from './common.ts';
import { locationsOf, placeName, positionsOf } from './locations.ts';
import { xmlDocument, type XmlObject } from './xml.ts';
import { xmlListChunks } from './xml-writer.ts';

// MARC 21 bibliographic records in MARCXML (MARC 21 slim).

export const MARC_NS = 'http://www.loc.gov/MARC21/slim';
export const MARC_XSD = 'http://www.loc.gov/standards/marcxml/schema/MARC21slim.xsd';

type Subfields = [code: string, value: string | undefined][];

interface Field {
  tag: string;
  ind1?: string;
  ind2?: string;
  subfields: Subfields;
}

/** Leader/06 (type of record) per Arca resource type's top level. */
const RECORD_TYPE: Record<string, string> = {
  publication: 'a',
  poster: 'a',
  presentation: 'a',
  image: 'k',
  video: 'g',
  audio: 'j',
  physicalobject: 'r',
};

/** 100/700 for people, 110/710 for organizations; $0 the ORCID or ROR, $u affiliations. */
function nameField(main: boolean, creatibutor: Creatibutor, relator?: string): Field {
  const who = creatibutor.person_or_org;
  const personal = who.type === 'personal';
  const orcid = identifierOf(who.identifiers, 'orcid');
  const ror = identifierOf(who.identifiers, 'ror');
  return {
    tag: `${main ? 1 : 7}${personal ? '00' : '10'}`,
    ind1: personal ? '1' : '2',
    subfields: [
      ['a', displayName(creatibutor)],
      ['e', relator],
      ...(creatibutor.affiliations ?? []).map((affiliation): [string, string | undefined] => [
        'u',
        affiliation.name,
      ]),
      ['0', orcid ? `(orcid)${orcid}` : undefined],
      ['0', ror ? `(ror)${ror}` : undefined],
    ],
  };
}

function fields(record: RecordJson): Field[] {
  const { metadata } = record;
  const doi = doiOf(record);
  const creators = metadata.creators ?? [];
  const geo = locationsOf(record);
  return [
    ...(doi
      ? [
          {
            tag: '024',
            ind1: '7',
            subfields: [
              ['a', doi],
              ['2', 'doi'],
            ] as Subfields,
          },
        ]
      : []),
    ...(metadata.identifiers ?? []).map((entry) => ({
      tag: '024',
      ind1: '7',
      subfields: [
        ['a', entry.identifier],
        ['2', entry.scheme],
      ] as Subfields,
    })),
    ...(metadata.languages ?? []).map((language) => ({
      tag: '041',
      subfields: [['a', language.id]] as Subfields,
    })),
    ...creators
      .slice(0, 1)
      .map((creator) => nameField(true, creator, english(creator.role?.title))),
    { tag: '245', ind1: '1', ind2: '0', subfields: [['a', metadata.title]] },
    ...(metadata.additional_titles ?? []).map((entry) => ({
      tag: '246',
      ind1: '3',
      subfields: [
        ['a', entry.title],
        ['i', english(entry.type?.title)],
        ['7', entry.lang?.id],
      ] as Subfields,
    })),
    ...(metadata.version
      ? [{ tag: '250', subfields: [['a', metadata.version]] as Subfields }]
      : []),
    ...geo.map((feature) => ({
      tag: '255',
      subfields: [['c', coordinates(feature)]] as Subfields,
    })),
    {
      tag: '264',
      ind2: '1',
      subfields: [
        ['b', metadata.publisher],
        ['c', metadata.publication_date],
      ],
    },
    ...(metadata.sizes ?? []).map((size) => ({
      tag: '300',
      subfields: [['a', size]] as Subfields,
    })),
    ...(metadata.formats ?? []).map((format) => ({
      tag: '347',
      subfields: [['b', format]] as Subfields,
    })),
    ...(metadata.additional_descriptions ?? []).map((entry) => ({
      tag: '500',
      subfields: [
        ['a', plainText(entry.description)],
        ['3', english(entry.type?.title)],
      ] as Subfields,
    })),
    ...(metadata.references ?? []).map((entry) => ({
      tag: '504',
      subfields: [
        ['a', entry.reference],
        ['o', entry.identifier],
      ] as Subfields,
    })),
    {
      tag: '506',
      ind1: record.access.status === 'open' ? '0' : '1',
      subfields: [
        ['a', record.access.status],
        [
          'g',
          record.access.embargo?.active ? (record.access.embargo.until ?? undefined) : undefined,
        ],
      ],
    },
    ...(metadata.dates ?? []).map((entry) => ({
      tag: '518',
      subfields: [
        ['d', entry.date],
        ['o', english(entry.type?.title)],
        ['a', entry.description],
      ] as Subfields,
    })),
    ...(metadata.description
      ? [{ tag: '520', subfields: [['a', plainText(metadata.description)]] as Subfields }]
      : []),
    ...(metadata.funding ?? []).map(({ funder, award }) => ({
      tag: '536',
      subfields: [
        ['a', funder.name ?? funder.id],
        ['c', award?.number],
        ['f', award?.acronym],
        ['t', english(award?.title)],
      ] as Subfields,
    })),
    ...(metadata.rights ?? []).map((rights) => ({
      tag: '540',
      subfields: [
        ['a', english(rights.title) ?? rights.id],
        ['u', rights.props?.url ?? rights.link],
        ['f', rights.id],
      ] as Subfields,
    })),
    ...(metadata.subjects ?? []).map((subject) =>
      subject.scheme
        ? {
            tag: '650',
            ind2: '7',
            subfields: [
              ['a', subject.subject],
              ['2', subject.scheme],
              ['0', subject.id],
            ] as Subfields,
          }
        : { tag: '653', subfields: [['a', subject.subject]] as Subfields },
    ),
    ...geo.map((feature) => ({
      tag: '651',
      ind2: '4',
      subfields: [
        ['a', placeName(feature) || undefined],
        ...(feature.identifiers ?? []).map((id): [string, string] => [
          '0',
          `(${id.scheme})${id.identifier}`,
        ]),
      ] as Subfields,
    })),
    {
      tag: '655',
      ind2: '4',
      subfields: [['a', english(metadata.resource_type?.title) ?? metadata.resource_type?.id]],
    },
    ...creators.slice(1).map((creator) => nameField(false, creator, english(creator.role?.title))),
    ...(metadata.contributors ?? []).map((contributor) =>
      nameField(false, contributor, english(contributor.role?.title)),
    ),
    ...(metadata.related_identifiers ?? []).map((entry) => ({
      tag: '787',
      ind1: '0',
      ind2: '8',
      subfields: [
        ['i', english(entry.relation_type?.title) ?? entry.relation_type?.id],
        ['o', `(${entry.scheme})${entry.identifier}`],
        ['u', identifierUrl(entry)],
      ] as Subfields,
    })),
    {
      tag: '856',
      ind1: '4',
      ind2: '0',
      subfields: [
        ['u', landingPage(record)],
        ['z', 'Landing page'],
      ],
    },
    ...(doi
      ? [
          {
            tag: '856',
            ind1: '4',
            ind2: '0',
            subfields: [['u', `https://doi.org/${doi}`]] as Subfields,
          },
        ]
      : []),
    ...Object.values(record.files.entries ?? {}).map((file) => ({
      tag: '856',
      ind1: '4',
      ind2: '0',
      subfields: [
        ['u', file.links.content],
        ['y', file.key],
        ['q', file.mimetype],
        ['s', String(file.size)],
      ] as Subfields,
    })),
  ];
}

/** MARC 255 $c: `(E 6.15/E 6.9/N 46.5/N 46.1)` — west, east, north, south in degrees. */
function coordinates(feature: Parameters<typeof positionsOf>[0]): string | undefined {
  const positions = positionsOf(feature);
  if (positions.length === 0) return undefined;
  const xs = positions.map(([x]) => x);
  const ys = positions.map(([, y]) => y);
  const lon = (value: number) => `${value < 0 ? 'W' : 'E'} ${Math.abs(value)}`;
  const lat = (value: number) => `${value < 0 ? 'S' : 'N'} ${Math.abs(value)}`;
  return `(${lon(Math.min(...xs))}/${lon(Math.max(...xs))}/${lat(Math.max(...ys))}/${lat(Math.min(...ys))})`;
}

/** `YYYYMMDDHHMMSS.F` of MARC 005. */
const transactionTime = (iso: string) =>
  iso
    .replace(/[-:T]/g, '')
    .replace(/\.(\d).*$/, '.$1')
    .slice(0, 16);

/** The `<record>` element's object form (OAI-PMH embeds it as is). */
export function marcRecord(record: RecordJson, namespaced = true): XmlObject {
  const type = RECORD_TYPE[record.metadata.resource_type?.id?.split('-')[0] ?? ''] ?? 'm';
  return {
    ...(namespaced ? { '@xmlns': MARC_NS } : {}),
    '@type': 'Bibliographic',
    leader: `00000n${type}m a2200000uu 4500`,
    controlfield: [
      { '@tag': '001', '#': record.id },
      { '@tag': '005', '#': transactionTime(record.updated) },
    ],
    datafield: fields(record).flatMap(({ tag, ind1 = ' ', ind2 = ' ', subfields }) => {
      const present = subfields.filter(([, value]) => value !== undefined && value !== '');
      if (present.length === 0) return [];
      return [
        {
          '@tag': tag,
          '@ind1': ind1,
          '@ind2': ind2,
          subfield: present.map(([code, value]) => ({ '@code': code, '#': value })),
        },
      ];
    }),
  };
}

export const marcXml = (record: RecordJson): string => xmlDocument({ record: marcRecord(record) });

/** Search results: a MARC 21 `<collection>`. */
export const marcXmlList = (records: Iterable<RecordJson>): Iterable<string> =>
  xmlListChunks('collection', { xmlns: MARC_NS }, records, (record) => ({
    record: marcRecord(record, false),
  }));
