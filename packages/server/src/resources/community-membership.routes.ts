import { z } from 'zod';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { emailInvitationsBody, invitationClaimBody } from '@arca/schema';
import type { AppContext } from '../http/context.ts';
import { linkBuilder } from '../http/links.ts';
import { isoDate } from './serializers/dates.ts';

const idParams = z.object({ id: z.string().min(1).max(100) });
const invitationParams = z.object({
  id: z.string().min(1).max(100),
  invitation: z.uuid(),
});

/**
 * Becoming a member without a manager adding you (API.md §5.1): joining a
 * community open to members, and invitations mailed to an address.
 */
export function communityMembershipRoutes({
  config,
  services,
}: AppContext): FastifyPluginCallbackZod {
  const links = linkBuilder(config.siteUrl);
  const tags = ['communities'];

  return (app, _options, done) => {
    app.post(
      '/api/communities/:id/join',
      {
        schema: {
          tags,
          summary: 'Join a community whose member policy is open, as a reader',
          params: idParams,
        },
      },
      async (request, reply) => {
        const result = await services.communities.join(request.actor, request.params.id);
        return reply.status(result.joined ? 201 : 200).send({ role: result.role });
      },
    );

    app.post(
      '/api/communities/:id/email-invitations',
      {
        schema: {
          tags,
          summary: 'Invite email addresses with a role and a message (mailed links)',
          params: idParams,
          body: emailInvitationsBody,
        },
      },
      async (request, reply) => {
        const ids = await services.emailInvitations.invite(
          request.actor,
          request.params.id,
          request.body.emails,
          request.body.role,
          request.body.message,
        );
        return reply
          .status(201)
          .send({ hits: { hits: ids.map((id) => ({ id })), total: ids.length } });
      },
    );

    app.get(
      '/api/communities/:id/email-invitations',
      {
        schema: { tags, summary: 'Open invitations mailed to addresses', params: idParams },
      },
      async (request) => {
        const rows = await services.emailInvitations.list(request.actor, request.params.id);
        return {
          hits: {
            hits: rows.map((row) => ({
              id: row.id,
              email: row.email,
              role: row.role,
              created: isoDate(row.createdAt),
              expires_at: isoDate(row.expiresAt),
              links: {
                self: links.api(`/communities/${row.communityId}/email-invitations/${row.id}`),
              },
            })),
            total: rows.length,
          },
        };
      },
    );

    app.delete(
      '/api/communities/:id/email-invitations/:invitation',
      {
        schema: {
          tags,
          summary: 'Withdraw an invitation mailed to an address',
          params: invitationParams,
        },
      },
      async (request, reply) => {
        await services.emailInvitations.cancel(
          request.actor,
          request.params.id,
          request.params.invitation,
        );
        return reply.status(204).send();
      },
    );

    app.post(
      '/api/community-invitations/claim',
      {
        schema: {
          tags,
          summary: "Make a mailed invitation link the signed-in user's invitation request",
          body: invitationClaimBody,
        },
      },
      async (request) => {
        const id = await services.emailInvitations.claim(request.actor, request.body.token);
        return {
          id,
          links: {
            self: links.api(`/requests/${id}`),
            self_html: links.html(`/me/requests/${id}`),
          },
        };
      },
    );

    done();
  };
}
