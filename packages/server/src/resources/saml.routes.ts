import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../http/context.ts';
import { setSessionCookies } from '../http/auth.ts';
import { HttpError } from '../http/errors.ts';
import { ProviderLoginError } from '../services/identities/login-errors.ts';
import { localPath } from './identities.routes.ts';

/** Sign-in through the SAML identity provider: SP metadata, login, the ACS and single logout. */
export function samlRoutes({ config, services }: AppContext): FastifyPluginCallbackZod {
  const secure = config.siteUrl.startsWith('https:');
  const failed = (code: string) => `/login?provider_error=${code}&provider=saml`;

  return (app, _options, done) => {
    // The IdP posts its answer as an HTML form; only these routes read forms.
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_request, body, parsed) => {
        parsed(null, Object.fromEntries(new URLSearchParams(String(body))));
      },
    );
    const saml = () => {
      if (!services.saml) throw new HttpError(404, 'notFound');
      return services.saml;
    };

    app.get(
      '/api/auth/saml/metadata',
      { schema: { tags: ['auth'], summary: "This service provider's SAML metadata" } },
      (_request, reply) => reply.type('application/samlmetadata+xml').send(saml().metadata()),
    );

    app.get(
      '/api/auth/saml/login',
      {
        schema: {
          tags: ['auth'],
          summary: 'Log in through the SAML identity provider (redirects to it)',
          querystring: z.object({ next: z.string().max(2000).optional() }),
        },
      },
      async (request, reply) => {
        try {
          return reply.redirect(await saml().start(localPath(request.query.next)), 302);
        } catch (error) {
          if (!(error instanceof ProviderLoginError)) throw error;
          return reply.redirect(failed(error.code), 303);
        }
      },
    );

    app.post(
      '/api/auth/saml/acs',
      {
        schema: {
          tags: ['auth'],
          summary: "The IdP's answer (HTTP-POST binding): signs in and redirects",
          body: z.object({ SAMLResponse: z.string().min(1), RelayState: z.string().optional() }),
        },
      },
      async (request, reply) => {
        try {
          const body = { ...request.body, RelayState: localPath(request.body.RelayState) };
          const { userId, next, named } = await saml().finish(body, request.ip);
          const session = await services.sessions.open(userId);
          await saml().logout.remember(session.token, named);
          setSessionCookies(reply, secure, session);
          return reply.redirect(next, 303);
        } catch (error) {
          if (!(error instanceof ProviderLoginError)) throw error;
          request.log.info({ err: error.cause ?? error }, 'SAML sign-in failed');
          return reply.redirect(failed(error.code), 303);
        }
      },
    );
    app.get(
      '/api/auth/saml/slo',
      {
        schema: {
          tags: ['auth'],
          summary:
            "Single logout (HTTP-Redirect binding): the IdP's request to end sessions, or its answer to Arca's",
          querystring: z.object({
            SAMLRequest: z.string().min(1).optional(),
            SAMLResponse: z.string().min(1).optional(),
            RelayState: z.string().max(2000).optional(),
            SigAlg: z.string().optional(),
            Signature: z.string().optional(),
          }),
        },
      },
      async (request, reply) => {
        // The signature covers the query as sent: node-saml checks it on the raw string.
        const rawQuery = request.url.slice(request.url.indexOf('?') + 1);
        try {
          const query = Object.fromEntries(
            Object.entries(request.query).filter(([, value]) => value !== undefined),
          ) as Record<string, string>;
          const { redirect } = await saml().logout.receive(query, rawQuery, localPath);
          return reply.redirect(redirect, 303);
        } catch (error) {
          if (!(error instanceof ProviderLoginError)) throw error;
          request.log.info({ err: error.cause ?? error }, 'SAML logout message refused');
          return reply.redirect(failed(error.code), 303);
        }
      },
    );
    done();
  };
}
