import { count, desc } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { outbox } from '../db/schema.ts';
import type { MailTransport } from './transport.ts';

export type OutboxRow = typeof outbox.$inferSelect;

export interface MailLog {
  info(details: object, message: string): void;
}

/** The embedded default: mail is kept in a table and written to the log. */
export function outboxTransport(db: Database, log: MailLog): MailTransport {
  return {
    name: 'outbox',
    async send(mail) {
      const [row] = await db
        .insert(outbox)
        .values({
          recipient: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          template: mail.template,
          params: mail.params,
        })
        .returning({ id: outbox.id });
      log.info(
        { outboxId: row?.id, to: mail.to, subject: mail.subject, text: mail.text },
        'mail written to the outbox',
      );
    },
    close: () => undefined,
  };
}

/** What administrators read of the outbox, newest first. */
export function createOutboxReader(db: Database) {
  return {
    async list(page: {
      page: number;
      size: number;
    }): Promise<{ rows: OutboxRow[]; total: number }> {
      const [rows, [totals]] = await Promise.all([
        db
          .select()
          .from(outbox)
          .orderBy(desc(outbox.createdAt), desc(outbox.id))
          .limit(page.size)
          .offset((page.page - 1) * page.size),
        db.select({ total: count() }).from(outbox),
      ]);
      return { rows, total: totals?.total ?? 0 };
    },
  };
}

export type OutboxReader = ReturnType<typeof createOutboxReader>;
