import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { createHmac, randomBytes } from 'node:crypto';
import type { LinkRefusal } from '../permissions/policy.ts';
import type { Actor, LinkLevel } from '../permissions/records.policy.ts';
import { linkRefusal } from '../services/sharing/link-refusal.ts';
import type { AppContext, Services } from './context.ts';

export const LINKS_COOKIE = 'links';
/** A random id of the browser, set only when it holds a one-visitor link (what binds it). */
export const LINK_BROWSER_COOKIE = 'link_browser';
/** Guests' access-request tokens, remembered like secret links. */
export const REQUEST_TOKENS_COOKIE = 'access_requests';
const MAX_REMEMBERED_LINKS = 20;

/** Declares `request.actor`; only routes registered through `withActor` get it set. */
export function registerActor(app: FastifyInstance): void {
  // Set per request by the hook of `withActor`; Fastify wants a primitive placeholder.
  app.decorateRequest('actor', null as unknown as Actor);
}

/**
 * Registers route modules that act on records, communities and requests in a scope
 * whose preHandler works out the caller as record permissions see them, once per
 * request: their groups, community roles and the secret links and guest tokens they
 * hold. It runs after validation, where the handlers used to ask, and answers no
 * error of its own (a bad bearer token is refused earlier, by authentication), so
 * the order of errors is unchanged. Other requests (static files, account routes)
 * never pay for it.
 */
export function withActor(
  { services, config }: AppContext,
  routes: FastifyPluginCallbackZod,
): FastifyPluginAsyncZod {
  const secure = config.siteUrl.startsWith('https:');
  return async (scope) => {
    scope.addHook('preHandler', async (request, reply) => {
      request.actor = await resolve(request, reply, services, secure, config.secretKey);
    });
    await scope.register(routes);
  };
}

/**
 * The caller, from their identity and what they present: a valid `?token=` is
 * remembered in a cookie so following pages keep the access (API.md §3.1).
 */
async function resolve(
  request: FastifyRequest,
  reply: FastifyReply,
  services: Services,
  secure: boolean,
  secretKey: string,
): Promise<Actor> {
  const { identity } = request;
  const query = request.query as { token?: unknown } | undefined;
  const offered = typeof query?.token === 'string' && query.token ? query.token : null;
  const remembered = (request.cookies[LINKS_COOKIE] ?? '').split(' ').filter(Boolean);
  const presented = offered ? [offered, ...remembered.filter((t) => t !== offered)] : remembered;

  const [groups, links, communities] = await Promise.all([
    identity.groups ?? (identity.userId === null ? [] : services.groups.groupsOf(identity.userId)),
    services.access.validLinks(presented),
    identity.communities ??
      (identity.userId === null ? [] : services.communities.membershipsOf(identity.userId)),
  ]);
  // Only a caller holding links needs a browser id (the common case holds none).
  const browser = links.length > 0 ? browserOf(request, secretKey) : null;
  const refused: { id: string; parentId: string; reason: LinkRefusal }[] = [];
  const usable = links.filter((link) => {
    const reason = linkRefusal(link, browser!.mark);
    if (reason) refused.push({ id: link.id, parentId: link.parentId, reason });
    return reason === null;
  });
  // Refused links stay remembered, so later pages can still say why they give nothing.
  const validIds = new Set(links.map((link) => link.id));
  const kept = presented
    .filter((token) => validIds.has(token.slice(0, token.indexOf('.'))))
    .slice(0, MAX_REMEMBERED_LINKS);
  const cookie = { path: '/', httpOnly: true, sameSite: 'lax' as const, secure };
  if (kept.join(' ') !== remembered.join(' ')) {
    if (kept.length) void reply.setCookie(LINKS_COOKIE, kept.join(' '), cookie);
    else void reply.clearCookie(LINKS_COOKIE, cookie);
  }
  if (browser?.fresh && usable.some((link) => link.oneVisitor)) {
    void reply.setCookie(LINK_BROWSER_COOKIE, browser.id, { ...cookie, maxAge: 400 * 86_400 });
  }
  return {
    identity,
    requestTokens: requestTokens(request, reply, services, secure),
    groups: [...groups],
    links: usable.map((link) => ({
      id: link.id,
      parentId: link.parentId,
      permission: link.permission as LinkLevel,
    })),
    refusedLinks: refused,
    ...(browser
      ? {
          linkVisit: {
            visitor: {
              userId: identity.userId,
              ip: request.ip,
              userAgent: request.headers['user-agent'] ?? '',
            },
            browserMark: browser.mark,
          },
        }
      : {}),
    communities: [...communities],
  };
}

/**
 * The access requests a guest follows (API.md §3.5): an authentic
 * `?access_request_token=` is remembered in a cookie, as secret links are.
 */
function requestTokens(
  request: FastifyRequest,
  reply: FastifyReply,
  services: Services,
  secure: boolean,
): string[] {
  const query = request.query as { access_request_token?: unknown } | undefined;
  const offered =
    typeof query?.access_request_token === 'string' && query.access_request_token
      ? query.access_request_token
      : null;
  const remembered = (request.cookies[REQUEST_TOKENS_COOKIE] ?? '').split(' ').filter(Boolean);
  const presented = offered ? [offered, ...remembered.filter((t) => t !== offered)] : remembered;
  const valid = presented
    .map((token) => ({ token, id: services.accessRequests.verifyRequestToken(token) }))
    .filter((entry): entry is { token: string; id: string } => entry.id !== null)
    .slice(0, MAX_REMEMBERED_LINKS);
  const kept = valid.map((entry) => entry.token);
  if (kept.join(' ') !== remembered.join(' ')) {
    const options = { path: '/', httpOnly: true, sameSite: 'lax' as const, secure };
    if (kept.length) void reply.setCookie(REQUEST_TOKENS_COOKIE, kept.join(' '), options);
    else void reply.clearCookie(REQUEST_TOKENS_COOKIE, options);
  }
  return valid.map((entry) => entry.id);
}

/** Pages are not API calls, but a `?token=` on a page URL must be remembered too. */
export async function rememberPageToken(
  request: FastifyRequest,
  reply: FastifyReply,
  { services, config }: AppContext,
): Promise<void> {
  const query = request.query as { token?: unknown; access_request_token?: unknown } | undefined;
  const offered = (value: unknown) => typeof value === 'string' && value !== '';
  if (!offered(query?.token) && !offered(query?.access_request_token)) return;
  await resolve(request, reply, services, config.siteUrl.startsWith('https:'), config.secretKey);
}

/** This browser's id (new when it has none yet) and its HMAC, the only form stored. */
function browserOf(request: FastifyRequest, secretKey: string) {
  const known = request.cookies[LINK_BROWSER_COOKIE];
  const fresh = !known || !/^[A-Za-z0-9_-]{22,64}$/.test(known);
  const id = fresh ? randomBytes(18).toString('base64url') : known;
  const mark = createHmac('sha256', secretKey).update(`link-browser:${id}`).digest('base64url');
  return { id, fresh, mark };
}
