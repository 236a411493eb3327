import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { loginBody, passwordChange, profileUpdate, signupBody } from '@arca/schema';
import type { AppContext } from '../http/context.ts';
import {
  SESSION_COOKIE,
  clearSessionCookies,
  requireUser,
  setSessionCookies,
} from '../http/auth.ts';
import { HttpError } from '../http/errors.ts';
import { linkBuilder } from '../http/links.ts';
import { serializeUser } from './serializers/user.serializer.ts';

/** Sign-up, log-in, log-out and the caller's own account. */
export function authRoutes({ config, services }: AppContext): FastifyPluginCallbackZod {
  const links = linkBuilder(config.siteUrl);
  const secure = config.siteUrl.startsWith('https:');

  return (app, _options, done) => {
    app.post(
      '/api/auth/login',
      { schema: { tags: ['auth'], summary: 'Log in', body: loginBody } },
      async (request, reply) => {
        const { email, password } = request.body;
        const user = await services.accounts.authenticate(email, password, request.ip);
        const session = await services.sessions.open(user.id);
        setSessionCookies(reply, secure, session);
        const identity = { userId: user.id, isAdmin: user.isAdmin, isSystem: false };
        return serializeUser(user, identity, links, true);
      },
    );

    app.post(
      '/api/auth/signup',
      {
        schema: {
          tags: ['auth'],
          summary: 'Sign up: the answer is the same for a known address (its owner is mailed)',
          body: signupBody,
        },
      },
      async (request, reply) => {
        await services.accounts.signup(request.body, request.language, request.identity.address);
        return reply.status(202).send({ email: request.body.email });
      },
    );

    app.post(
      '/api/auth/logout',
      { schema: { tags: ['auth'], summary: 'Log out' } },
      async (request, reply) => {
        const cookie = request.cookies[SESSION_COOKIE];
        const mine = cookie && request.authMethod === 'session' ? cookie : undefined;
        // A session the SAML IdP opened ends there too: the browser goes on to it.
        const logoutUrl =
          mine && services.saml
            ? await services.saml.logout.logoutUrl(mine, '/').catch((error: unknown) => {
                // The IdP out of reach must not keep anyone signed in here.
                request.log.info({ err: error }, 'SAML logout request not built');
                return null;
              })
            : null;
        if (mine) await services.sessions.close(mine);
        clearSessionCookies(reply, secure);
        if (logoutUrl) return reply.status(200).send({ logout_url: logoutUrl });
        return reply.status(204).send();
      },
    );

    app.get(
      '/api/me',
      { schema: { tags: ['auth'], summary: 'The current user' } },
      async (request) => {
        if (request.identity.userId === null) throw new HttpError(401, 'unauthorized');
        return serializeUser(
          await services.accounts.get(request.identity.userId),
          request.identity,
          links,
          true,
        );
      },
    );

    app.patch(
      '/api/me',
      { schema: { tags: ['auth'], summary: 'Update my profile', body: profileUpdate } },
      async (request) => {
        const userId = requireUser(request);
        const user = await services.accounts.update(userId, request.body);
        return serializeUser(user, request.identity, links, true);
      },
    );

    app.post(
      '/api/me/password',
      { schema: { tags: ['auth'], summary: 'Change my password', body: passwordChange } },
      async (request, reply) => {
        const userId = requireUser(request);
        await services.accounts.changePassword(userId, request.body, request.ip);
        // Every session was closed; the browser that asked stays logged in with a new one.
        if (request.authMethod === 'session') {
          setSessionCookies(reply, secure, await services.sessions.open(userId));
        }
        return reply.status(204).send();
      },
    );
    done();
  };
}
