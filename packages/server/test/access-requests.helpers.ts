import { afterAll, beforeAll, expect } from 'vitest';
import { buildUser, startTestApp, type TestApp, type TestClient } from './harness.ts';
import { publishRecord, publishable } from './records.helpers.ts';

// Shared by the access-request test files; each file gets its own app through useAccessRequestApp.
const UI = { headers: { accept: 'application/vnd.inveniordm.v1+json' } };

export let t: TestApp;
export let owner: TestClient;
export let ownerEmail: string;
export let admin: TestClient;

/** Starts the app (with `env` over the defaults) with a record owner and an admin who reads the outbox. */
export function useAccessRequestApp(env: Record<string, string> = {}) {
  beforeAll(async () => {
    t = await startTestApp({ vocabularies: true, env });
    const o = await buildUser(t.services, { fullName: 'Olivia Owner', visibility: 'public' });
    ownerEmail = o.email;
    owner = t.client();
    await owner.login(o.email);
    const a = await buildUser(t.services, { fullName: 'Ada Admin', isAdmin: true });
    admin = t.client();
    await admin.login(a.email);
  });
  afterAll(() => t.close());
}

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Runs the queued jobs and returns the mail written since `since` mails, oldest first. */
export async function mailsAfter(since: number): Promise<Mail[]> {
  await t.services.jobs.runDue();
  const response = await admin.get('/api/admin/outbox?size=1000');
  expect(response.status).toBe(200);
  const all = (response.json.hits.hits as Mail[]).slice().reverse();
  return all.slice(since);
}
export async function mailCount(): Promise<number> {
  await t.services.jobs.runDue();
  return (await admin.get('/api/admin/outbox?size=1')).json.hits.total as number;
}

export async function person(fullName: string) {
  const user = await buildUser(t.services, { fullName, visibility: 'public' });
  const client = t.client();
  await client.login(user.email);
  return { user, client, id: String(user.id) };
}

/** A public record with restricted files, open to the requests `settings` allow. */
export async function restrictedFiles(title: string, settings: Record<string, unknown>) {
  const record = await publishRecord(
    owner,
    publishable(title, { access: { record: 'public', files: 'restricted' } }),
  );
  const put = await owner.put(`/api/records/${record.id}/access`, settings);
  expect(put.status, put.body).toBe(200);
  return record as { id: string };
}

export const canReadFiles = async (client: TestClient, id: string, query = '') =>
  (await client.get(`/api/records/${id}${query}`, UI)).json.ui.permissions
    .can_read_files as boolean;
