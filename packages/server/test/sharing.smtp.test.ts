import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, outbox } from '../src/db/schema.ts';
import { MAIL_JOB } from '../src/mail/mailer.ts';
import { buildUser, startTestApp, type TestApp, type TestClient } from './harness.ts';
import { publishRecord, publishable } from './records.helpers.ts';

interface Received {
  from: string;
  to: string[];
  user: string | undefined;
  raw: string;
}

/** A real SMTP server on a free port; `refuseNext` makes it turn messages away. */
async function startSmtp() {
  const received: Received[] = [];
  const state = { refuseNext: 0 };
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    authOptional: false,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === 'arca' && auth.password === 's3cret') callback(null, { user: 'arca' });
      else callback(new Error('Invalid username or password'));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (state.refuseNext > 0) {
          state.refuseNext -= 1;
          const error = new Error('Mailbox busy, try later') as Error & { responseCode: number };
          error.responseCode = 451;
          return callback(error);
        }
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          user: session.user as string | undefined,
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    port,
    received,
    state,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Quoted-printable bytes (MIME bodies and RFC 2047 "Q" words) back to text. */
const qp = (text: string) =>
  Buffer.from(
    text
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');

/** The subject and the decoded text of a raw message, enough to check what a person reads. */
function readMessage(raw: string) {
  const [head = '', ...rest] = raw.split('\r\n\r\n');
  const unfolded = head.replace(/\r\n[ \t]+/g, ' ');
  const subject = (/^Subject: (.*)$/m.exec(unfolded)?.[1] ?? '').replace(
    /=\?UTF-8\?Q\?([^?]*)\?=\s*/gi,
    (_m, word: string) => qp(word.replace(/_/g, ' ')),
  );
  return { subject, body: qp(rest.join('\r\n\r\n')) };
}

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
