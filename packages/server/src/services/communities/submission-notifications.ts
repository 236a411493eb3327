import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { communities, communityMembers } from '../../db/schema.communities.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { CURATING_ROLES } from '../../permissions/community-roles.ts';
import { account } from '../access-requests/recipients.ts';
import { showsUser } from '../people.ts';
import type { RequestEventListener } from '../requests/events.ts';
import type { RequestRow } from '../requests/types.ts';
import { COMMUNITY_INCLUSION } from './community-inclusion.ts';
import { COMMUNITY_SUBMISSION } from './community-submission.ts';

/**
 * Mail about community submissions (issue 6 part 5) and inclusion requests
 * of published records: curators hear of a new one; the uploader of its acceptance, its decline and comments by
 * others. Attached to the request events, so it runs after commit; nobody is
 * told of what they did themselves.
 */
export function submissionNotifications(deps: {
  db: Database;
  mailer: Mailer;
  siteUrl: string;
}): RequestEventListener {
  const { db, mailer, siteUrl } = deps;
  const requestPage = (request: RequestRow) => `${siteUrl}/me/requests/${request.id}`;

  async function communityTitle(request: RequestRow): Promise<string> {
    if (request.receiverType !== 'community' || !request.receiverId) return '';
    const [row] = await db
      .select({ title: communities.title })
      .from(communities)
      .where(eq(communities.id, request.receiverId));
    return row?.title ?? '';
  }

  async function curators(communityId: string, except: number | null) {
    const rows = await db
      .select({ id: users.id, isAdmin: users.isAdmin, email: users.email, locale: users.locale })
      .from(communityMembers)
      .innerJoin(users, eq(users.id, communityMembers.userId))
      .where(
        and(
          eq(communityMembers.communityId, communityId),
          inArray(communityMembers.role, [...CURATING_ROLES]),
          eq(users.active, true),
        ),
      )
      .orderBy(users.id);
    return rows.filter((row) => row.id !== except);
  }

  type Account = NonNullable<Awaited<ReturnType<typeof account>>>;
  /**
   * The name a recipient may read (personPolicy, as in the API): '' for a private
   * profile, which the mail renders as "Someone".
   */
  const nameFor = async (recipient: { id: number; isAdmin: boolean }, person?: Account) => {
    if (!person) return undefined;
    const reader = { userId: recipient.id, isAdmin: recipient.isAdmin, isSystem: false };
    return (await showsUser(db, reader, person)) ? person.name : '';
  };
  const accountOf = async (userId: number | null) =>
    userId === null ? undefined : account(db, userId);

  const quote = (content: string | undefined, author: string | undefined) =>
    content && author !== undefined ? { message: content, messageAuthor: author } : {};

  return async (event) => {
    const { request, actor } = event;
    // A published record asked into a community is decided like a submission, and told alike.
    const decided = request.type === COMMUNITY_SUBMISSION || request.type === COMMUNITY_INCLUSION;
    if (!decided || request.creatorType !== 'user') return;
    const actorId = actor.identity.userId;
    const community = await communityTitle(request);
    const uploader = await account(db, request.creatorId);
    const toUploader = async (
      template:
        'submission-accepted' | 'inclusion-accepted' | 'submission-declined' | 'submission-comment',
      url: string,
      extra: { requester?: string; message?: string; messageAuthor?: string } = {},
    ) => {
      if (!uploader || String(actorId) === request.creatorId) return;
      await mailer.queue(db, {
        to: uploader.email,
        template,
        language: uploader.locale,
        params: { title: request.title, community, url, ...extra },
      });
    };

    if (event.kind === 'comment') {
      const author = uploader ? ((await nameFor(uploader, await accountOf(actorId))) ?? '') : '';
      await toUploader('submission-comment', requestPage(request), {
        requester: author,
        ...quote(event.content, author),
      });
      return;
    }
    switch (event.action) {
      case 'submit': {
        for (const curator of await curators(request.receiverId ?? '', actorId)) {
          // Curators decide the submission: they are told who made it, as the request page
          // tells them (requestPolicy.canNameCreator).
          const requester = uploader?.name ?? '';
          await mailer.queue(db, {
            to: curator.email,
            template: 'submission-received',
            language: curator.locale,
            params: {
              title: request.title,
              community,
              requester,
              url: requestPage(request),
              ...quote(event.comment, requester),
            },
          });
        }
        return;
      }
      case 'accept':
        // A record the uploader included directly is accepted by the system: nothing to tell.
        if (actor.identity.isSystem) return;
        // An included record was published before: its mail says it joined, not that it is out.
        await toUploader(
          request.type === COMMUNITY_INCLUSION ? 'inclusion-accepted' : 'submission-accepted',
          `${siteUrl}/records/${request.topicId ?? ''}`,
        );
        return;
      case 'decline':
        await toUploader(
          'submission-declined',
          requestPage(request),
          quote(event.comment, uploader && (await nameFor(uploader, await accountOf(actorId)))),
        );
        return;
      case 'cancel':
      case 'expire':
        return;
    }
  };
}
