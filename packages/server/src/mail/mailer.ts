import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { createJobQueue, type JobRow } from '../jobs/queue.ts';
import { outboxTransport, type MailLog } from './outbox.ts';
import { smtpTransport } from './smtp.transport.ts';
import { isMailTemplate, renderMail, type MailParams, type MailTemplate } from './templates.ts';
import type { MailTransport } from './transport.ts';

export const MAIL_JOB = 'send-mail';

export interface QueuedMail {
  to: string;
  template: MailTemplate;
  /** The recipient's language; English when unknown. */
  language?: string | null | undefined;
  params: Omit<MailParams, 'site' | 'siteUrl'>;
}

/**
 * Notifications. `queue` is called inside the transaction that makes the
 * change, so a message exists only if the change committed; the job queue
 * then renders and sends it, retrying when the transport fails.
 */
export function createMailer(deps: { db: Database; config: Config; log: MailLog }) {
  const { config } = deps;
  const transport: MailTransport = config.mail.smtp
    ? smtpTransport(config.mail.smtp, config.mail.from)
    : outboxTransport(deps.db, deps.log);

  return {
    transport: transport.name,

    /** Schedules a message; `db` is the transaction the change is made in. */
    async queue(db: Database, mail: QueuedMail): Promise<void> {
      await createJobQueue(db, {}).enqueue({
        kind: MAIL_JOB,
        runAt: new Date(),
        payload: { ...mail, language: mail.language ?? 'en' },
      });
    },

    /** The job handler: renders and sends one queued message. */
    async deliver(job: JobRow): Promise<void> {
      const { to, template, language, params } = job.payload as {
        to: string;
        template: string;
        language: string;
        params: QueuedMail['params'];
      };
      if (!isMailTemplate(template)) throw new Error(`unknown mail template ${template}`);
      const full: MailParams = { ...params, site: config.siteName, siteUrl: config.siteUrl };
      const rendered = renderMail(template, full, language);
      await transport.send({ ...rendered, to, template, params: { ...full } });
    },

    close: () => transport.close(),
  };
}

export type Mailer = ReturnType<typeof createMailer>;
