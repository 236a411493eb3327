import { expect } from 'vitest';
import { loggedInPage } from './deposit.helpers.ts';
import type { useE2E } from './server.ts';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

/** The newest mail to `to` whose text has a link matching `pattern`, read as the admin does. */
export async function linkFromOutbox(
  e2e: ReturnType<typeof useE2E>,
  to: string,
  pattern: RegExp,
): Promise<string> {
  const admin = await loggedInPage(e2e.browser, e2e.server.url, 'admin@demo.arca');
  let seen: Mail[] = [];
  try {
    for (let attempt = 0; attempt < 50; attempt += 1) {
      // Mail leaves through the job queue after the commit: run what is due now.
      await e2e.server.services.jobs.runDue();
      const answer = await admin.request.get(`${e2e.server.url}/api/admin/outbox?size=50`);
      expect(answer.status()).toBe(200);
      const body = (await answer.json()) as { hits: { hits: Mail[] } };
      seen = body.hits.hits;
      for (const mail of body.hits.hits) {
        const match = mail.to.includes(to) ? pattern.exec(mail.text) : null;
        if (match) return match[0];
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const summary = seen.map((mail) => `${mail.to}: ${mail.subject}\n${mail.text}`).join('\n---\n');
    throw new Error(`No mail to ${to} with ${String(pattern)} in:\n${summary}`);
  } finally {
    await admin.context().close();
  }
}
