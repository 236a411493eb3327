import type { Database } from '../../db/client.ts';
import { grants } from '../../db/schema.ts';
import { grantFields } from '../audit/audit-fields.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { DomainError } from '../errors.ts';
import { RecordManagers, USER_ACCESS_REQUEST } from '../../permissions/access-requests.policy.ts';
import { RequestCreator, SystemProcess } from '../../permissions/requests.policy.ts';
import type { RequestType } from '../requests/types.ts';
import type { AccessRequestMails } from './mails.ts';
import { account } from './recipients.ts';
import { recordManagerFacts, recordTopic } from './record-topic.ts';

/**
 * A signed-in user asks for `view` on a record's files (API.md §3.5). The
 * owner and every manager decide; accepting gives the user a `view` grant
 * with origin `request:{id}`; declining tells the user.
 */
export function userAccessRequestType(deps: {
  db: Database;
  mails: AccessRequestMails;
}): RequestType {
  const { db, mails } = deps;
  return {
    id: USER_ACCESS_REQUEST,
    expires: true,
    facts: (request) => recordManagerFacts(db, request),
    actions: {
      submit: { from: ['created'], to: 'submitted', who: [RequestCreator] },
      accept: { from: ['submitted'], to: 'accepted', who: [RecordManagers] },
      decline: { from: ['submitted'], to: 'declined', who: [RecordManagers] },
      cancel: { from: ['submitted'], to: 'cancelled', who: [RequestCreator] },
      expire: { from: ['submitted'], to: 'expired', who: [SystemProcess] },
    },
    effects: {
      submit: ({ request, apply }) =>
        db.transaction(async (tx) => {
          await apply(tx);
          const requester = await account(tx, request.creatorId);
          await mails.received(tx, request, requester?.name ?? request.creatorId);
        }),
      accept: ({ request, actor, apply }) =>
        db.transaction(async (tx) => {
          await apply(tx);
          const topic = await recordTopic(tx, request.topicId ?? '');
          if (!topic) throw new DomainError('invalid', 'accessRequestRecordGone');
          // A grant given meanwhile already opens the files: it is kept as it is.
          const [granted] = await tx
            .insert(grants)
            .values({
              parentId: topic.parentId,
              subjectType: 'user',
              subjectId: request.creatorId,
              permission: 'view',
              origin: `request:${request.id}`,
            })
            .onConflictDoNothing()
            .returning();
          if (granted) {
            await recordAudit(tx, actor.identity, {
              action: 'grant.create',
              subject: { type: 'parent', id: topic.parentId },
              after: { ...grantFields(granted), request: request.id },
            });
          }
          const requester = await account(tx, request.creatorId);
          if (requester) {
            await mails.queue(tx, requester, 'access-request-accepted', {
              title: request.title,
              url: mails.recordPage(topic.recordId),
            });
          }
        }),
      decline: ({ request, apply }) =>
        db.transaction(async (tx) => {
          await apply(tx);
          const requester = await account(tx, request.creatorId);
          if (requester) {
            await mails.queue(tx, requester, 'access-request-declined', {
              title: request.title,
              url: mails.requestPage(request),
            });
          }
        }),
    },
  };
}
