// Sequential timings of the sharing calls that grow with their input: a
// 100-grant POST (with its notifications), sending those 100 mails through
// the job queue to the outbox, the expanded grant list, and a restricted
// record read with a secret-link token. Median of 5 rounds, one caller.
//   node bench/sharing.timings.ts                (PGlite)
//   DATABASE_URL=postgres://... ARCA_TEST_DB=postgres node bench/sharing.timings.ts
import { buildUser, startTestApp } from '../packages/server/test/harness.ts';

const ROUNDS = 5;
const GRANTS = 100;

const t = await startTestApp({ vocabularies: true });
const owner = t.client();
await owner.login((await buildUser(t.services)).email);
const people: { id: number }[] = [];
for (let i = 0; i < GRANTS; i++) people.push(await buildUser(t.services, { visibility: 'public' }));
const restricted = {
  metadata: {
    resource_type: { id: 'dataset' },
    title: 'Sharing timings',
    publication_date: '2025-01-01',
    creators: [{ person_or_org: { type: 'personal', family_name: 'Doe' } }],
  },
  files: { enabled: false },
  access: { record: 'restricted', files: 'restricted' },
};

const timings: Record<string, number[]> = {
  [`POST ${GRANTS} grants`]: [],
  [`send their ${GRANTS} mails (job queue → outbox)`]: [],
  [`GET ${GRANTS} grants ?expand=true`]: [],
  'GET restricted record ?token= (mean of 100)': [],
};
const time = async (name: string, run: () => Promise<unknown>, repeat = 1) => {
  const start = performance.now();
  for (let i = 0; i < repeat; i++) await run();
  timings[name]!.push((performance.now() - start) / repeat);
};

for (let round = 0; round < ROUNDS; round++) {
  const draft = (await owner.post('/api/records', restricted)).json as { id: string };
  const record = (await owner.post(`/api/records/${draft.id}/draft/actions/publish`)).json as {
    id: string;
  };
  const access = `/api/records/${record.id}/access`;
  await time(`POST ${GRANTS} grants`, async () => {
    const grants = people.map((p) => ({
      subject: { type: 'user', id: String(p.id) },
      permission: 'view',
    }));
    const response = await owner.post(`${access}/grants`, { grants });
    if (response.status !== 201) throw new Error(response.body);
  });
  await time(`send their ${GRANTS} mails (job queue → outbox)`, () => t.services.jobs.runDue());
  await time(`GET ${GRANTS} grants ?expand=true`, () => owner.get(`${access}/grants?expand=true`));
  const link = (await owner.post(`${access}/links`, { permission: 'view' })).json as {
    token: string;
  };
  const guest = t.client();
  await time(
    'GET restricted record ?token= (mean of 100)',
    () => guest.get(`/api/records/${record.id}?token=${link.token}`),
    100,
  );
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
console.log(`| case (${process.env.ARCA_TEST_DB ?? 'pglite'}) | median ms |\n| --- | ---: |`);
for (const [name, values] of Object.entries(timings))
  console.log(`| ${name} | ${median(values).toFixed(1)} |`);
await t.close();
