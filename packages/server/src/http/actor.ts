import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Actor, LinkLevel } from '../permissions/records.policy.ts';
import type { AppContext, Services } from './context.ts';

export const LINKS_COOKIE = 'links';
const MAX_REMEMBERED_LINKS = 20;

const actors = new WeakMap<FastifyRequest, Promise<Actor>>();

/**
 * The caller as record permissions see them, worked out once per request:
 * their groups, and the secret links they hold. A valid `?token=` is
 * remembered in a cookie so following pages keep the access (API.md §3.1).
 */
export function actorOf(
  request: FastifyRequest,
  reply: FastifyReply,
  services: Services,
  secure: boolean,
): Promise<Actor> {
  let actor = actors.get(request);
  if (!actor) {
    actor = resolve(request, reply, services, secure);
    actors.set(request, actor);
  }
  return actor;
}

async function resolve(
  request: FastifyRequest,
  reply: FastifyReply,
  services: Services,
  secure: boolean,
): Promise<Actor> {
  const { identity } = request;
  const query = request.query as { token?: unknown } | undefined;
  const offered = typeof query?.token === 'string' && query.token ? query.token : null;
  const remembered = (request.cookies[LINKS_COOKIE] ?? '').split(' ').filter(Boolean);
  const presented = offered ? [offered, ...remembered.filter((t) => t !== offered)] : remembered;

  const [groups, links, communities] = await Promise.all([
    identity.groups ?? (identity.userId === null ? [] : services.groups.groupsOf(identity.userId)),
    services.access.validLinks(presented),
    identity.userId === null ? [] : services.communities.membershipsOf(identity.userId),
  ]);
  const validIds = new Set(links.map((link) => link.id));
  const kept = presented
    .filter((token) => validIds.has(token.slice(0, token.indexOf('.'))))
    .slice(0, MAX_REMEMBERED_LINKS);
  if (kept.join(' ') !== remembered.join(' ')) {
    if (kept.length) {
      void reply.setCookie(LINKS_COOKIE, kept.join(' '), {
        path: '/',
        httpOnly: true,
        sameSite: 'lax',
        secure,
      });
    } else {
      void reply.clearCookie(LINKS_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure });
    }
  }
  return {
    identity,
    groups: [...groups],
    links: links.map((link) => ({
      id: link.id,
      parentId: link.parentId,
      permission: link.permission as LinkLevel,
    })),
    communities,
  };
}

/** Pages are not API calls, but a `?token=` on a page URL must be remembered too. */
export async function rememberPageToken(
  request: FastifyRequest,
  reply: FastifyReply,
  { services, config }: AppContext,
): Promise<void> {
  const query = request.query as { token?: unknown } | undefined;
  if (typeof query?.token !== 'string' || !query.token) return;
  await actorOf(request, reply, services, config.siteUrl.startsWith('https:'));
}
