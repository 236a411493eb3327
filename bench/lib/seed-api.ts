// The template records of the scale seeder, made and published through the HTTP
// API as a depositor would: varied metadata (creators with ORCIDs, subjects,
// related identifiers, external DOIs), some restricted, some published into a
// community through a review the community's owner includes directly.
import {
  DISCIPLINES,
  FAMILY_NAMES,
  GIVEN_NAMES,
  MEASURES,
  PLACES,
  RESOURCE_TYPES,
  TOPICS,
  random,
} from './seed-words.ts';

/** A caller of the API with a bearer token. */
export interface ApiCaller {
  base: string;
  token: string;
}

export async function call(
  who: ApiCaller,
  method: string,
  path: string,
  body: unknown,
  expected: number,
): Promise<Record<string, unknown>> {
  const response = await fetch(`${who.base}${path}`, {
    method,
    headers: { authorization: `Bearer ${who.token}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  if (response.status !== expected)
    throw new Error(`${method} ${path}: ${response.status}, expected ${expected}: ${text}`);
  return text ? (JSON.parse(text) as Record<string, unknown>) : {};
}

/** An ORCID iD with its ISO 7064 11,2 check digit, from a 15-digit number. */
function orcid(n: number): string {
  const digits = String(n).padStart(15, '0');
  let total = 0;
  for (const digit of digits) total = (total + Number(digit)) * 2;
  const check = (12 - (total % 11)) % 11;
  const all = `${digits}${check === 10 ? 'X' : String(check)}`;
  return all.match(/.{4}/g)!.join('-');
}

/** The body of template record `i`: about 4% with `glacier` in the title, 10% with "time series". */
export function templateBody(i: number, next: () => number) {
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
  const topic = pick(TOPICS);
  const measure = pick(MEASURES);
  const place = pick(PLACES);
  // Publication dates over 30 years, some with the year or the month only.
  const year = 1996 + Math.floor(next() * 30);
  const month = String(1 + Math.floor(next() * 12)).padStart(2, '0');
  const precision = next();
  const date =
    precision < 0.1 ? `${year}` : precision < 0.2 ? `${year}-${month}` : `${year}-${month}-15`;
  let roll = next() * 100;
  const resourceType = RESOURCE_TYPES.find(([, weight]) => (roll -= weight) < 0)?.[0] ?? 'dataset';
  const creators: Record<string, unknown>[] = Array.from(
    { length: 1 + Math.floor(next() * 4) },
    () => {
      const person: Record<string, unknown> = {
        type: 'personal',
        family_name: pick(FAMILY_NAMES),
        given_name: pick(GIVEN_NAMES),
      };
      if (next() < 0.3) {
        person.identifiers = [
          { scheme: 'orcid', identifier: orcid(1_000_000 + Math.floor(next() * 8_000_000)) },
        ];
      }
      return { person_or_org: person, affiliations: [{ id: '01ggx4157' }] };
    },
  );
  if (next() < 0.1) {
    creators.push({ person_or_org: { type: 'organizational', name: `${place} Field Station` } });
  }
  const related =
    next() < 0.4
      ? [
          {
            identifier: `10.5281/zenodo.${2_000_000 + i}`,
            scheme: 'doi',
            relation_type: { id: 'issupplementto' },
            resource_type: { id: 'publication-article' },
          },
          ...(next() < 0.5
            ? [
                {
                  identifier: `https://data.example.org/${topic}/${i}`,
                  scheme: 'url',
                  relation_type: { id: 'isderivedfrom' },
                },
              ]
            : []),
        ]
      : [];
  const access = next();
  return {
    metadata: {
      resource_type: { id: resourceType },
      title: `${topic[0]!.toUpperCase()}${topic.slice(1)} ${measure}, ${place} ${year}`,
      publication_date: date,
      creators,
      description: `<p>${measure[0]!.toUpperCase()}${measure.slice(1)} of ${topic} from ${1 + Math.floor(next() * 40)} stations in the ${place} area, ${year}.</p>`,
      rights: [{ id: 'cc-by-4.0' }],
      languages: [{ id: 'eng' }],
      subjects: [
        { subject: topic },
        { subject: pick(DISCIPLINES) },
        ...(next() < 0.3 ? [{ subject: place }] : []),
      ],
      related_identifiers: related,
      publisher: 'Arca',
    },
    // 90% open, 5% with restricted files, 5% restricted records (hidden from anonymous searches).
    access:
      access < 0.9
        ? { record: 'public', files: 'public' }
        : access < 0.95
          ? { record: 'public', files: 'restricted' }
          : { record: 'restricted', files: 'restricted' },
    files: { enabled: false },
    // 20% with an external DOI.
    pids:
      next() < 0.2 ? { doi: { identifier: `10.1234/arca-bench.${i}`, provider: 'external' } } : {},
  };
}

/**
 * Makes and publishes `count` records as `depositor` (four at a time); one in ten
 * goes through a review into `communityId`, which the depositor owns. Returns the
 * ids of the restricted records.
 */
export async function createTemplates(
  depositor: ApiCaller,
  count: number,
  communityId: string,
): Promise<string[]> {
  const next = random(27);
  const bodies = Array.from({ length: count }, (_, i) => templateBody(i, next));
  const restricted: string[] = [];
  let index = 0;
  const worker = async () => {
    for (let i = index++; i < count; i = index++) {
      const body = bodies[i]!;
      const inCommunity = i % 10 === 3;
      const draft = await call(
        depositor,
        'POST',
        '/api/records',
        inCommunity
          ? {
              ...body,
              parent: {
                review: { type: 'community-submission', receiver: { community: communityId } },
              },
            }
          : body,
        201,
      );
      const id = draft.id as string;
      if (inCommunity) {
        await call(depositor, 'POST', `/api/records/${id}/draft/actions/submit-review`, {}, 202);
      } else {
        await call(depositor, 'POST', `/api/records/${id}/draft/actions/publish`, {}, 202);
      }
      if (body.access.record === 'restricted') restricted.push(id);
    }
  };
  await Promise.all(Array.from({ length: 4 }, worker));
  return restricted;
}
