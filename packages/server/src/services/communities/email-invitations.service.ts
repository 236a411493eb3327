import { and, desc, eq, gt, lte } from 'drizzle-orm';
import { readToken, signToken } from '../../auth/signed-tokens.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { communityEmailInvitations, communityMembers } from '../../db/schema.communities.ts';
import { users } from '../../db/schema.ts';
import type { Mailer } from '../../mail/mailer.ts';
import type { CommunityRole } from '../../permissions/community-roles.ts';
import type { Actor } from '../../permissions/records.policy.ts';
import { createAttemptCounter } from '../attempt-counter.ts';
import { DomainError } from '../errors.ts';
import type { RequestService } from '../requests/requests.service.ts';
import { systemActor } from '../requests/requests.service.ts';
import type { CommunityService } from './communities.service.ts';
import { COMMUNITY_INVITATION } from './invitation-type.ts';
import { communityToInviteInto, managedCommunity } from './managed-community.ts';
import { invitationMessageHtml } from './invitation-message.ts';
import { holdLiveCommunity } from './tombstone.ts';

const PURPOSE = 'community-invitation';
/** How long a mailed invitation waits (InvenioRDM's invitations expire after 30 days). */
export const EMAIL_INVITATION_DAYS = 30;

/** Mailings per community an hour: enough for a workshop's list, too few to mail-bomb. */
export const EMAIL_INVITATION_SENDINGS_PER_HOUR = 20;

const linkInvalid = () => new DomainError('invalid', 'invitationLinkInvalid');

/**
 * Invitations mailed to an address (invenio-communities invites users; Arca
 * also invites people who have no account yet). The mail carries a signed,
 * expiring link naming the invitation; whoever opens it signed in with that
 * address, verified, gets an ordinary invitation request to accept or decline.
 */
export function createEmailInvitationService(deps: {
  db: Database;
  config: Pick<Config, 'secretKey' | 'siteUrl'>;
  communities: CommunityService;
  requests: RequestService;
  mailer: Mailer;
}) {
  const { db, config, communities } = deps;
  const sendings = createAttemptCounter(db, 60 * 60_000);

  const managed = (actor: Actor, idOrSlug: string) =>
    managedCommunity(communities, actor, idOrSlug);

  return {
    /** Mails each address an invitation link; one open invitation per address. */
    async invite(
      actor: Actor,
      idOrSlug: string,
      emails: string[],
      role: CommunityRole,
      message?: string,
    ): Promise<string[]> {
      const row = await communityToInviteInto(communities, actor, idOrSlug, role);
      const addresses = [...new Set(emails.map((e) => e.trim().toLowerCase()))];
      const reserved = await sendings.reserve([
        { key: `community-mail-invite:${row.id}`, max: EMAIL_INVITATION_SENDINGS_PER_HOUR },
      ]);
      if (!reserved.ok) {
        const seconds = reserved.retryAfterSeconds;
        throw new DomainError('tooMany', 'tooManyInvitationMails', {
          params: { minutes: Math.ceil(seconds / 60) },
          retryAfterSeconds: seconds,
        });
      }
      const [inviter] = actor.identity.userId
        ? await db.select().from(users).where(eq(users.id, actor.identity.userId))
        : [];
      const expiresAt = new Date(Date.now() + EMAIL_INVITATION_DAYS * 86_400_000);
      return db.transaction(async (tx) => {
        // A deletion committed since the check refuses the mailing (it cancels what was pending).
        await holdLiveCommunity(tx, row.id);
        // Expired invitations no longer count as open.
        await tx
          .update(communityEmailInvitations)
          .set({ status: 'expired' })
          .where(
            and(
              eq(communityEmailInvitations.communityId, row.id),
              eq(communityEmailInvitations.status, 'pending'),
              lte(communityEmailInvitations.expiresAt, new Date()),
            ),
          );
        const ids: string[] = [];
        for (const email of addresses) {
          const [created] = await tx
            .insert(communityEmailInvitations)
            .values({
              communityId: row.id,
              email,
              role,
              message: message?.trim() ?? '',
              invitedBy: actor.identity.userId,
              expiresAt,
            })
            .onConflictDoNothing()
            .returning();
          if (!created)
            throw new DomainError('invalid', 'alreadyInvitedEmail', { params: { email } });
          const token = signToken(config.secretKey, PURPOSE, {
            u: actor.identity.userId ?? 0,
            e: Math.floor(expiresAt.getTime() / 1000),
            f: created.id,
          });
          await deps.mailer.queue(tx, {
            to: email,
            template: 'community-invitation',
            language: inviter?.locale,
            params: {
              url: `${config.siteUrl}/me/community-invitation?${new URLSearchParams({ token }).toString()}`,
              community: row.title,
              requester: inviter?.fullName ?? '',
              messageAuthor: inviter?.fullName ?? '',
              ...(created.message ? { message: invitationMessageHtml(created.message) } : {}),
              days: String(EMAIL_INVITATION_DAYS),
            },
          });
          ids.push(created.id);
        }
        return ids;
      });
    },

    /** The community's open mailed invitations, newest first, for its managers. */
    async list(actor: Actor, idOrSlug: string) {
      const row = await managed(actor, idOrSlug);
      return db
        .select()
        .from(communityEmailInvitations)
        .where(
          and(
            eq(communityEmailInvitations.communityId, row.id),
            eq(communityEmailInvitations.status, 'pending'),
            gt(communityEmailInvitations.expiresAt, new Date()),
          ),
        )
        .orderBy(desc(communityEmailInvitations.createdAt))
        .limit(1000);
    },

    /** Withdraws an open mailed invitation: its link stops working. */
    async cancel(actor: Actor, idOrSlug: string, invitationId: string): Promise<void> {
      const row = await managed(actor, idOrSlug);
      const changed = await db
        .update(communityEmailInvitations)
        .set({ status: 'cancelled' })
        .where(
          and(
            eq(communityEmailInvitations.id, invitationId),
            eq(communityEmailInvitations.communityId, row.id),
            eq(communityEmailInvitations.status, 'pending'),
          ),
        )
        .returning({ id: communityEmailInvitations.id });
      if (changed.length === 0) throw linkInvalid();
    },

    /**
     * Turns a mailed link into the signed-in user's invitation request, once:
     * only for the address it was sent to, confirmed. Returns the request's id.
     */
    async claim(actor: Actor, token: string): Promise<string> {
      const userId = actor.identity.userId;
      if (userId === null) throw new DomainError('unauthenticated', 'unauthorized');
      const claims = readToken(config.secretKey, PURPOSE, token);
      if (!claims || !/^[0-9a-f-]{36}$/i.test(claims.f)) throw linkInvalid();
      const [user] = await db.select().from(users).where(eq(users.id, userId));
      const [invitation] = await db
        .select()
        .from(communityEmailInvitations)
        .where(eq(communityEmailInvitations.id, claims.f));
      if (!user || !invitation) throw linkInvalid();
      if (user.email.toLowerCase() !== invitation.email) {
        throw new DomainError('forbidden', 'invitationOtherAddress');
      }
      if (!user.emailVerifiedAt) throw new DomainError('forbidden', 'emailNotVerified');
      const community = await communities.find(invitation.communityId);
      if (!community) throw linkInvalid();
      const request = await db.transaction(async (tx) => {
        // Parallel claims of one link: the first marks it, the others find it used.
        const [taken] = await tx
          .update(communityEmailInvitations)
          .set({ status: 'claimed' })
          .where(
            and(
              eq(communityEmailInvitations.id, invitation.id),
              eq(communityEmailInvitations.status, 'pending'),
              gt(communityEmailInvitations.expiresAt, new Date()),
            ),
          )
          .returning();
        if (!taken) throw linkInvalid();
        const [member] = await tx
          .select({ id: communityMembers.userId })
          .from(communityMembers)
          .where(
            and(
              eq(communityMembers.communityId, community.id),
              eq(communityMembers.userId, userId),
            ),
          );
        if (member) throw new DomainError('invalid', 'alreadyMember', { params: { id: userId } });
        const created = await deps.requests.create(
          {
            type: COMMUNITY_INVITATION,
            title: community.title,
            topic: { type: 'community', id: community.id },
            receiver: { type: 'user', id: String(userId) },
            creator: { type: 'community', id: community.id },
            payload: { role: taken.role },
          },
          tx,
        );
        await tx
          .update(communityEmailInvitations)
          .set({ requestId: created.id })
          .where(eq(communityEmailInvitations.id, taken.id));
        return created;
      });
      await deps.requests.act(
        systemActor,
        request.id,
        'submit',
        invitation.message ? invitationMessageHtml(invitation.message) : undefined,
      );
      return request.id;
    },
  };
}

export type EmailInvitationService = ReturnType<typeof createEmailInvitationService>;
