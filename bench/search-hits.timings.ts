// Sequential timings of a user's uploads list with 100 drafts: `GET
// /api/user/records?size=100` as the dashboard asks it, and, for scale, the
// work the list used to do per hit: a full read and validation of each draft
// (100 `readDraft` in parallel, as the route ran them). Median of 9 rounds
// after 2 warm-up rounds, one caller.
//   node bench/search-hits.timings.ts                (PGlite)
//   DATABASE_URL=postgres://... ARCA_TEST_DB=postgres node bench/search-hits.timings.ts
import { buildUser, startTestApp } from '../packages/server/test/harness.ts';

const ROUNDS = 9;
const WARM_UP = 2;
const DRAFTS = 100;

const t = await startTestApp({ vocabularies: true });
const user = await buildUser(t.services);
const owner = t.client();
await owner.login(user.email);
for (let i = 0; i < DRAFTS; i++) {
  const response = await owner.post('/api/records', {
    metadata: {
      resource_type: { id: 'dataset' },
      title: `Search hits timings ${i}`,
      publication_date: '2025-01-01',
      creators: [
        { person_or_org: { type: 'personal', family_name: 'Doe', given_name: 'Jane' } },
        { person_or_org: { type: 'personal', family_name: 'Roe', given_name: 'Richard' } },
      ],
      description: '<p>One of a hundred drafts.</p>',
    },
    files: { enabled: false },
    access: { record: i % 2 ? 'public' : 'restricted', files: 'public' },
  });
  if (response.status !== 201) throw new Error(response.body);
}
const actor = {
  identity: { userId: user.id, isAdmin: false, isSystem: false },
  groups: [],
  links: [],
  communities: [],
};
const url = `/api/user/records?size=${DRAFTS}`;
type Page = { hits: { hits: { id: string }[] } };
const ids = ((await owner.get(url)).json as Page).hits.hits.map((hit) => hit.id);
if (ids.length !== DRAFTS) throw new Error(`${ids.length} hits, expected ${DRAFTS}`);

const LIST = `GET ${url} (UI JSON)`;
const READS = `a full read and validation per hit (${DRAFTS} readDraft, the old per-hit work)`;
const timings: Record<string, number[]> = { [LIST]: [], [READS]: [] };
const time = async (name: string, round: number, run: () => Promise<unknown>) => {
  const start = performance.now();
  await run();
  if (round >= WARM_UP) timings[name]!.push(performance.now() - start);
};

for (let round = 0; round < WARM_UP + ROUNDS; round++) {
  await time(LIST, round, async () => {
    const response = await owner.get(url, {
      headers: { accept: 'application/vnd.inveniordm.v1+json' },
    });
    if (response.status !== 200 || (response.json as Page).hits.hits.length !== DRAFTS)
      throw new Error(response.body);
  });
  await time(READS, round, () =>
    Promise.all(ids.map((id) => t.services.records.readDraft(actor, id))),
  );
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
console.log(`| case (${process.env.ARCA_TEST_DB ?? 'pglite'}) | median ms |\n| --- | ---: |`);
for (const [name, values] of Object.entries(timings))
  console.log(`| ${name} | ${median(values).toFixed(1)} |`);
await t.close();
