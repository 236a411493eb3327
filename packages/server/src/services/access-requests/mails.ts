import type { Database } from '../../db/client.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { escapeHtml } from '../html.ts';
import type { RequestRow } from '../requests/types.ts';
import { managersOf } from '../sharing/managers.ts';
import { recordTopic } from './record-topic.ts';

/** A requester's plain-text message as the HTML of a comment or a mail quote. */
export const messageHtml = (message: string) =>
  message.trim() === '' ? '' : `<p>${escapeHtml(message.trim()).replace(/\n/g, '<br>')}</p>`;

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** A guest as receivers see them: "Name (email)". */
export const guestName = (payload: Record<string, unknown>) =>
  `${text(payload.full_name)} (${text(payload.email)})`;

/**
 * The mails of access requests (issue 5 part 5). Each is queued in the
 * transaction that changes the request, so it goes out only if that commits.
 */
export function accessRequestMails(deps: { mailer: Mailer; siteUrl: string }) {
  const { mailer, siteUrl } = deps;
  const requestPage = (request: RequestRow) => `${siteUrl}/me/requests/${request.id}`;
  return {
    requestPage,
    recordPage: (recordId: string) => `${siteUrl}/records/${recordId}`,

    /** To the owner and every manager (users, and members of groups, with `manage`). */
    async received(tx: Database, request: RequestRow, requester: string): Promise<void> {
      const topic = await recordTopic(tx, request.topicId ?? '');
      if (!topic) return;
      const message = messageHtml(text(request.payload.message));
      for (const manager of await managersOf(tx, topic.parentId)) {
        await mailer.queue(tx, {
          to: manager.email,
          template: 'access-request-received',
          language: manager.locale,
          params: {
            title: request.title,
            requester,
            url: requestPage(request),
            ...(message ? { message, messageAuthor: requester } : {}),
          },
        });
      }
    },

    async queue(
      tx: Database,
      to: { email: string; locale?: string | null },
      template: 'access-request-accepted' | 'access-request-declined' | 'guest-access-granted',
      params: { title: string; url: string; expires?: string },
    ): Promise<void> {
      await mailer.queue(tx, { to: to.email, template, language: to.locale, params });
    },
  };
}

export type AccessRequestMails = ReturnType<typeof accessRequestMails>;
