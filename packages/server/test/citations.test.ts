import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, startTestApp, type TestApp, type TestClient } from './harness.ts';
import { createDraft, publishRecord, publishable } from './records.helpers.ts';

let t: TestApp;
let owner: TestClient;
let record: { id: string; parent: { id: string } };
let restricted: { id: string };

const cite = (id: string, query: Record<string, string> = {}, client = t.client()) =>
  client.get(`/api/records/${id}`, { headers: { accept: 'text/x-bibliography' }, query });

beforeAll(async () => {
  t = await startTestApp({ vocabularies: true });
  const user = await buildUser(t.services);
  owner = t.client();
  await owner.login(user.email);
  record = await publishRecord(
    owner,
    publishable('Glacier melt model outputs', {
      metadata: {
        resource_type: { id: 'dataset' },
        title: 'Glacier melt model outputs',
        publication_date: '2025-06-01',
        publisher: 'Arca',
        version: 'v2',
        creators: [
          { person_or_org: { type: 'personal', family_name: 'Baker', given_name: 'Bob' } },
          { person_or_org: { type: 'organizational', name: 'Alpine Research Group' } },
        ],
      },
    }),
  );
  restricted = await publishRecord(
    owner,
    publishable('Secret glacier notes', { access: { record: 'restricted', files: 'restricted' } }),
  );
});
afterAll(() => t.close());

describe('GET /api/citation-styles', () => {
  it('lists the shipped styles and searches them, the exact short name first', async () => {
    const all = await t.client().get('/api/citation-styles', { query: { size: '5' } });
    expect(all.status).toBe(200);
    expect(all.json.hits.total).toBeGreaterThan(40);
    expect(all.json.hits.hits).toHaveLength(5);
    expect(all.json.links.next).toContain('/api/citation-styles?page=2&size=5');

    const apa = await t.client().get('/api/citation-styles', { query: { q: 'apa' } });
    expect(apa.json.hits.hits[0]).toMatchObject({
      id: 'apa',
      title: 'American Psychological Association 7th edition',
      title_short: 'APA',
      citation_format: 'author-date',
      is_default: true,
    });
    const names = (q: string) =>
      t
        .client()
        .get('/api/citation-styles', { query: { q } })
        .then((answer) => answer.json.hits.hits.map((hit: { id: string }) => hit.id));
    expect(await names('chicago author-date')).toContain('chicago-author-date');
    expect(await names('nothing like this')).toEqual([]);
    for (const id of ['harvard-cite-them-right', 'ieee', 'vancouver', 'nature', 'science']) {
      expect(await names(id)).toContain(id);
    }
  });

  it('reads one style; an unknown one is 404', async () => {
    const ieee = await t.client().get('/api/citation-styles/ieee');
    expect(ieee.json).toMatchObject({ id: 'ieee', title: 'IEEE', citation_format: 'numeric' });
    expect((await t.client().get('/api/citation-styles/no-such-style')).status).toBe(404);
  });
});

describe('Accept: text/x-bibliography', () => {
  it('formats the record in APA and American English by default', async () => {
    const answer = await cite(record.id);
    expect(answer.status, answer.body).toBe(200);
    expect(answer.headers['content-type']).toBe('text/x-bibliography; charset=utf-8');
    expect(answer.body).toBe(
      `Baker, B. & Alpine Research Group. (2025). Glacier melt model outputs (Version v2) [Dataset]. Arca. http://arca.test/records/${record.id}`,
    );
  });

  it('formats it in other styles and languages', async () => {
    const text = async (style: string, locale: string) => {
      const answer = await cite(record.id, { style, locale });
      expect(answer.status, answer.body).toBe(200);
      return answer.body;
    };
    expect(await text('ieee', 'en-US')).toMatch(
      /^\[1\] B\. Baker and Alpine Research Group, “Glacier melt model outputs\.”/,
    );
    expect(await text('vancouver', 'en-US')).toMatch(
      /^1\. Baker B, Alpine Research Group\. Glacier melt model outputs/,
    );
    expect(await text('modern-language-association', 'en-US')).toContain('1 June 2025');
    expect(await text('modern-language-association', 'de-DE')).toContain('1. Juni 2025');
    expect(await text('modern-language-association', 'es')).toContain(
      'Baker, Bob y Alpine Research Group',
    );
    expect(await text('chicago-author-date', 'fr_FR')).toContain(
      'Baker, Bob et Alpine Research Group. 2025. « Glacier melt model outputs ».',
    );
    expect(await text('harvard-cite-them-right', 'en-GB')).toMatch(
      /^Baker, B\. and Alpine Research Group \(2025\) ‘Glacier melt model outputs’/,
    );
    expect(await text('nature', 'en-US')).toMatch(/^1\. Baker, B\. & Alpine Research Group\./);
    expect(await text('science', 'en-US')).toMatch(/^1\. B\. Baker, Alpine Research Group,/);
  });

  it('cites all versions by the concept DOI, without the version', async () => {
    const body = publishable('Glacier melt, every run');
    const draft = (
      await createDraft(owner, { ...body, metadata: { ...body.metadata, version: 'V3.1.4' } })
    ).json;
    await owner.post(`/api/records/${draft.id}/draft/pids/doi`);
    await owner.post(`/api/records/${draft.id}/draft/actions/publish`);
    const one = await cite(draft.id);
    expect(one.body).toContain(`https://doi.org/10.1234/arca.${draft.id}`);
    // Upper case and dots: no record id or DOI can contain it by chance.
    expect(one.body).toContain('V3.1.4');
    const all = await cite(draft.id, { allversions: 'true' });
    expect(all.status).toBe(200);
    expect(all.body).toContain('Glacier melt, every run');
    expect(all.body).toContain(`https://doi.org/10.1234/arca.${draft.parent.id}`);
    expect(all.body).not.toContain(`arca.${draft.id}`);
    expect(all.body).not.toContain('V3.1.4');
  });

  it('refuses an unknown style or locale with 400 naming the parameter', async () => {
    const style = await cite(record.id, { style: 'no-such-style' });
    expect(style.status).toBe(400);
    expect(style.json.errors).toEqual([
      {
        field: 'style',
        messages: ['Unknown citation style. GET /api/citation-styles lists the styles available.'],
      },
    ]);
    const locale = await t.client().get(`/api/records/${record.id}`, {
      headers: { accept: 'text/x-bibliography', 'accept-language': 'de' },
      query: { locale: 'xx-YY' },
    });
    expect(locale.status).toBe(400);
    expect(locale.json.errors[0].field).toBe('locale');
    expect(locale.json.errors[0].messages[0]).toContain('Unbekannte Zitiersprache');
    // The JSON read does not look at them.
    expect((await t.client().get(`/api/records/${record.id}?style=nope`)).status).toBe(200);
  });

  it('shows a restricted record only to who may read it', async () => {
    const stranger = await cite(restricted.id);
    expect(stranger.status).toBe(403);
    expect(stranger.body).not.toContain('Secret glacier');
    // A bad parameter is refused before the record is read: the same answer as for any record.
    expect((await cite(restricted.id, { style: 'nope' })).status).toBe(400);
    const mine = await cite(restricted.id, {}, owner);
    expect(mine.status).toBe(200);
    expect(mine.body).toContain('Secret glacier notes');
    expect((await cite('nosuch-00000')).status).toBe(404);
  });

  it('redirects a parent id to the latest version', async () => {
    const answer = await cite(record.parent.id);
    expect(answer.status).toBe(302);
    expect(answer.headers.location).toContain(`/api/records/${record.id}`);
  });
});
