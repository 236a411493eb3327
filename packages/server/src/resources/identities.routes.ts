import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { SignInMethods } from '@arca/schema';
import type { AppContext } from '../http/context.ts';
import { requireUser, setSessionCookies } from '../http/auth.ts';
import { HttpError } from '../http/errors.ts';
import { FLOW_LIFETIME_MS } from '../services/identities/oidc-login.service.ts';
import { ProviderLoginError } from '../services/identities/login-errors.ts';
import { holdPendingSignIn } from './pending-sign-in.routes.ts';

const FLOW_COOKIE = 'arca_oidc';
const FLOW_PATH = '/api/auth/oidc/';
export const IDENTITIES_PAGE = '/me/settings/identities';

const providerParams = z.object({ provider: z.string().min(1).max(40) });

/** A path on this site only: anything else (other hosts, `//host`) goes home. */
export function localPath(next: string | undefined): string {
  return next && /^\/(?![/\\])/.test(next) ? next : '/';
}

/** Sign-in through OpenID Connect providers, and the caller's linked identities. */
export function identityRoutes({ config, services }: AppContext): FastifyPluginCallbackZod {
  const secure = config.siteUrl.startsWith('https:');
  const flowCookie = { path: FLOW_PATH, httpOnly: true, sameSite: 'lax' as const, secure };
  const names = new Map(config.accounts.oidcProviders.map((p) => [p.id, p.name]));
  const linkable = new Set(names.keys());
  if (config.accounts.saml) names.set('saml', config.accounts.saml.name);

  return (app, _options, done) => {
    app.get(
      '/api/auth/oidc/:provider/login',
      {
        schema: {
          tags: ['auth'],
          summary: 'Log in through an OpenID Connect provider (redirects to it)',
          params: providerParams,
          querystring: z.object({ next: z.string().max(2000).optional() }),
        },
      },
      async (request, reply) => {
        if (!linkable.has(request.params.provider)) throw new HttpError(404, 'notFound');
        try {
          const { url, flow } = await services.oidc.start(request.params.provider, {
            next: localPath(request.query.next),
            linkUserId: null,
          });
          reply.setCookie(FLOW_COOKIE, flow, { ...flowCookie, maxAge: FLOW_LIFETIME_MS / 1000 });
          return reply.redirect(url, 302);
        } catch (error) {
          if (!(error instanceof ProviderLoginError)) throw error;
          return reply.redirect(`/login?provider_error=${error.code}`, 303);
        }
      },
    );

    app.get(
      '/api/auth/oidc/:provider/callback',
      {
        schema: {
          tags: ['auth'],
          summary: "The provider's answer: signs in and redirects to the web app",
          params: providerParams,
        },
      },
      async (request, reply) => {
        if (!linkable.has(request.params.provider)) throw new HttpError(404, 'notFound');
        const sealed = request.cookies[FLOW_COOKIE];
        // Used once, whatever the outcome.
        reply.clearCookie(FLOW_COOKIE, flowCookie);
        const query = new URLSearchParams(request.url.split('?')[1] ?? '');
        try {
          const done = await services.oidc.finish(
            request.params.provider,
            query,
            sealed,
            request.identity.userId,
            request.ip,
          );
          if (done.kind === 'linked') {
            return reply.redirect(`${IDENTITIES_PAGE}?linked=${done.provider}`, 303);
          }
          if (done.kind === 'needsEmail') {
            const pending = services.pendingSignIns.hold(done.profile, done.next);
            return holdPendingSignIn(reply, secure, pending);
          }
          setSessionCookies(reply, secure, await services.sessions.open(done.userId));
          return reply.redirect(done.next, 303);
        } catch (error) {
          if (!(error instanceof ProviderLoginError)) throw error;
          request.log.info({ err: error.cause ?? error }, 'sign-in through a provider failed');
          const page = services.oidc.isLinking(sealed) ? IDENTITIES_PAGE : '/login';
          const provider = encodeURIComponent(request.params.provider);
          return reply.redirect(`${page}?provider_error=${error.code}&provider=${provider}`, 303);
        }
      },
    );

    app.post(
      '/api/me/identities/:provider',
      {
        schema: {
          tags: ['auth'],
          summary: 'Start linking a provider: answers the URL to send the browser to',
          params: providerParams,
        },
      },
      async (request, reply) => {
        const userId = requireUser(request);
        if (request.authMethod !== 'session') throw new HttpError(403, 'permissionDenied');
        if (!linkable.has(request.params.provider)) throw new HttpError(404, 'notFound');
        try {
          const { url, flow } = await services.oidc.start(request.params.provider, {
            next: IDENTITIES_PAGE,
            linkUserId: userId,
          });
          reply.setCookie(FLOW_COOKIE, flow, { ...flowCookie, maxAge: FLOW_LIFETIME_MS / 1000 });
          return { location: url };
        } catch (error) {
          if (!(error instanceof ProviderLoginError)) throw error;
          return { location: `${IDENTITIES_PAGE}?provider_error=${error.code}` };
        }
      },
    );

    app.get(
      '/api/me/identities',
      { schema: { tags: ['auth'], summary: 'My ways to sign in' } },
      async (request): Promise<SignInMethods> => {
        const methods = await services.identities.list(requireUser(request));
        return {
          password: methods.password,
          identities: methods.identities.map((identity) => ({
            provider: identity.provider,
            name: names.get(identity.provider) ?? identity.provider,
            created: identity.created.toISOString(),
          })),
        };
      },
    );

    app.delete(
      '/api/me/identities/:provider',
      {
        schema: {
          tags: ['auth'],
          summary: 'Unlink a provider (not the last way to sign in)',
          params: providerParams,
        },
      },
      async (request, reply) => {
        const userId = requireUser(request);
        await services.identities.unlink(userId, request.params.provider, request.ip);
        return reply.status(204).send();
      },
    );
    done();
  };
}
