import type { Database } from '../../db/client.ts';
import { secretLinks } from '../../db/schema.ts';
import { linkAudit } from '../audit/audit-fields.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { DomainError } from '../errors.ts';
import {
  GUEST_ACCESS_REQUEST,
  GuestTokenHolder,
  RecordManagers,
} from '../../permissions/access-requests.policy.ts';
import { SystemProcess } from '../../permissions/requests.policy.ts';
import type { AccessService } from '../sharing/access.service.ts';
import type { RequestRow, RequestType } from '../requests/types.ts';
import { guestName, type AccessRequestMails } from './mails.ts';
import { recordManagerFacts, recordTopic } from './record-topic.ts';
import type { AccessRequestTokens } from './tokens.ts';

const DAY_MS = 86_400_000;

/** The day a guest's link stops working; null when the record's setting is 0 (never). */
export function guestLinkExpiry(days: number, now = new Date()): string | null {
  return days > 0 ? new Date(now.getTime() + days * DAY_MS).toISOString().slice(0, 10) : null;
}

/**
 * A guest asks for `view` on a record's files after confirming their e-mail
 * address (API.md §3.5). Accepting creates a `view` secret link that expires
 * after the record's `secret_link_expiration` days and mails it to the guest,
 * who follows the request through its token link.
 */
export function guestAccessRequestType(deps: {
  db: Database;
  access: AccessService;
  tokens: AccessRequestTokens;
  mails: AccessRequestMails;
}): RequestType {
  const { db, access, tokens, mails } = deps;
  const guest = (request: RequestRow) => ({
    email: typeof request.payload.email === 'string' ? request.payload.email : request.creatorId,
  });
  const guestPage = (request: RequestRow) =>
    `${mails.requestPage(request)}?access_request_token=${tokens.requestToken(request.id)}`;
  return {
    id: GUEST_ACCESS_REQUEST,
    expires: true,
    facts: (request) => recordManagerFacts(db, request),
    actions: {
      // The server submits it when the guest confirms their address.
      submit: { from: ['created'], to: 'submitted', who: [SystemProcess] },
      accept: { from: ['submitted'], to: 'accepted', who: [RecordManagers] },
      decline: { from: ['submitted'], to: 'declined', who: [RecordManagers] },
      cancel: { from: ['submitted'], to: 'cancelled', who: [GuestTokenHolder] },
      expire: { from: ['submitted'], to: 'expired', who: [SystemProcess] },
    },
    effects: {
      submit: ({ request, apply }) =>
        db.transaction(async (tx) => {
          await apply(tx);
          await mails.received(tx, request, guestName(request.payload));
        }),
      accept: ({ request, actor, apply }) =>
        db.transaction(async (tx) => {
          await apply(tx);
          const topic = await recordTopic(tx, request.topicId ?? '');
          if (!topic) throw new DomainError('invalid', 'accessRequestRecordGone');
          const expiresAt = guestLinkExpiry(Number(request.payload.secret_link_expiration ?? 0));
          const [link] = await tx
            .insert(secretLinks)
            .values({
              parentId: topic.parentId,
              permission: 'view',
              expiresAt,
              description: `Requested by guest: ${guestName(request.payload)}`,
              origin: `request:${request.id}`,
            })
            .returning();
          const entry = linkAudit('link.create', topic.parentId, null, link!);
          await recordAudit(tx, actor.identity, {
            ...entry,
            after: { ...entry.after, request: request.id },
          });
          await mails.queue(tx, guest(request), 'guest-access-granted', {
            title: request.title,
            url: `${mails.recordPage(topic.recordId)}?token=${access.tokenFor(link!.id)}`,
            ...(expiresAt ? { expires: expiresAt } : {}),
          });
        }),
      decline: ({ request, apply }) =>
        db.transaction(async (tx) => {
          await apply(tx);
          await mails.queue(tx, guest(request), 'access-request-declined', {
            title: request.title,
            url: guestPage(request),
          });
        }),
    },
  };
}
