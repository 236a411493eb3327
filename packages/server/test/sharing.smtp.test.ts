import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, outbox } from '../src/db/schema.ts';
import { MAIL_JOB } from '../src/mail/mailer.ts';
import { buildUser, startTestApp, type TestApp, type TestClient } from './harness.ts';
import { publishRecord, publishable } from './records.helpers.ts';
import { readMessage, startSmtp } from './smtp.helpers.ts';

let smtp: Awaited<ReturnType<typeof startSmtp>>;
let t: TestApp;
let owner: TestClient;
beforeAll(async () => {
  smtp = await startSmtp();
  t = await startTestApp({
    vocabularies: true,
    env: {
      ARCA_SMTP_URL: `smtp://arca:s3cret@127.0.0.1:${smtp.port}`,
      ARCA_MAIL_FROM: 'Arca Test <noreply@arca.test>',
    },
  });
  const o = await buildUser(t.services, { fullName: 'Olivia Owner' });
  owner = t.client();
  await owner.login(o.email);
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

describe('mail over SMTP', () => {
  it('delivers a grant notification to a real SMTP server, logged in', async () => {
    const grantee = await buildUser(t.services, { fullName: 'Gina Grantee', visibility: 'public' });
    const record = await publishRecord(
      owner,
      publishable('Ocean salinity', { access: { record: 'restricted', files: 'restricted' } }),
    );
    const response = await owner.post(`/api/records/${record.id}/access/grants`, {
      grants: [
        {
          subject: { type: 'user', id: String(grantee.id) },
          permission: 'preview',
          message: 'Have a look before Friday.',
        },
      ],
    });
    expect(response.status, response.body).toBe(201);
    expect(smtp.received).toHaveLength(0);

    await t.services.jobs.runDue();
    expect(smtp.received).toHaveLength(1);
    const mail = smtp.received[0]!;
    expect(mail.user).toBe('arca');
    expect(mail.from).toBe('noreply@arca.test');
    expect(mail.to).toEqual([grantee.email]);
    const { subject, body } = readMessage(mail.raw);
    expect(subject).toBe('Olivia Owner shared "Ocean salinity" with you');
    expect(body).toContain('Olivia Owner gave you preview access to "Ocean salinity".');
    expect(body).toContain(`Open the record: http://arca.test/records/${record.id}`);
    expect(body).toContain('Content-Type: text/html');
    expect(body).toContain(`<a href="http://arca.test/records/${record.id}">`);
    expect(body).toContain('<blockquote>Have a look before Friday.</blockquote>');
    // With SMTP configured, nothing goes to the outbox.
    expect(await t.db.select().from(outbox)).toHaveLength(0);
  });

  it('retries a message the server turned away, until it is accepted', async () => {
    const grantee = await buildUser(t.services, { fullName: 'Rita Retry', visibility: 'public' });
    const record = await publishRecord(owner, publishable('Retried notification'));
    smtp.state.refuseNext = 1;
    await owner.post(`/api/records/${record.id}/access/grants`, {
      grants: [{ subject: { type: 'user', id: String(grantee.id) }, permission: 'view' }],
    });
    const before = smtp.received.length;
    await t.services.jobs.runDue();
    expect(smtp.received.length).toBe(before);
    const [pending] = await t.db.select().from(jobs).where(eq(jobs.kind, MAIL_JOB));
    expect(pending?.attempts).toBe(1);
    expect(pending?.lastError).toContain('Mailbox busy');

    // The queue tries again once the retry delay has passed.
    await t.services.jobs.runDue(new Date(Date.now() + 2 * 60_000));
    expect(smtp.received.length).toBe(before + 1);
    expect(smtp.received.at(-1)!.to).toEqual([grantee.email]);
    expect(await t.db.select().from(jobs).where(eq(jobs.kind, MAIL_JOB))).toHaveLength(0);
  });
});
