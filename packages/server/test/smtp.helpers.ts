import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

interface Received {
  from: string;
  to: string[];
  user: string | undefined;
  raw: string;
}

/** A real SMTP server on a free port; `refuseNext` makes it turn messages away. */
export async function startSmtp() {
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
export function readMessage(raw: string) {
  const [head = '', ...rest] = raw.split('\r\n\r\n');
  const unfolded = head.replace(/\r\n[ \t]+/g, ' ');
  const subject = (/^Subject: (.*)$/m.exec(unfolded)?.[1] ?? '').replace(
    /=\?UTF-8\?Q\?([^?]*)\?=\s*/gi,
    (_m, word: string) => qp(word.replace(/_/g, ' ')),
  );
  return { subject, body: qp(rest.join('\r\n\r\n')) };
}

/** The links of a received message's text, in order. */
export function linksIn(raw: string): string[] {
  return [...readMessage(raw).body.matchAll(/https?:\/\/[^\s"<>]+/g)].map((m) => m[0]);
}

export type TestSmtp = Awaited<ReturnType<typeof startSmtp>>;
