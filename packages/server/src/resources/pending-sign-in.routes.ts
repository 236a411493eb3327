import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { signInEmail } from '@arca/schema';
import { setSessionCookies } from '../http/auth.ts';
import type { AppContext } from '../http/context.ts';
import { HttpError } from '../http/errors.ts';
import {
  PENDING_LIFETIME_MS,
  type PendingSignInService,
} from '../services/identities/pending-sign-in.service.ts';

const PENDING_COOKIE = 'arca_pending_sign_in';
/** The web app's page that asks for the address. */
export const PENDING_PAGE = '/finish-sign-in';

/**
 * Strict, not lax: another site can neither post an address into someone's
 * pending sign-in (and so get their identity linked to its own account) nor
 * make the link's use sign a browser in.
 */
const cookieOptions = (secure: boolean) => ({
  path: '/api/auth/',
  httpOnly: true,
  sameSite: 'strict' as const,
  secure,
});

/** Keeps an identity waiting for an address in the browser, then sends it to the page. */
export function holdPendingSignIn(
  reply: FastifyReply,
  secure: boolean,
  sealed: string,
): FastifyReply {
  reply.setCookie(PENDING_COOKIE, sealed, {
    ...cookieOptions(secure),
    maxAge: PENDING_LIFETIME_MS / 1000,
  });
  return reply.redirect(PENDING_PAGE, 303);
}

/**
 * Finishes a first sign-in with the mailed link, if the token is one; false
 * otherwise. The browser is signed in only when it carries the same pending
 * sign-in: the link alone, opened elsewhere, makes the account but opens no
 * session, so a mail read by someone else signs nobody in.
 */
export async function finishPendingSignIn(
  pendingSignIns: PendingSignInService,
  open: (userId: number) => Promise<{ token: string; csrfToken: string; expiresAt: Date }>,
  secure: boolean,
  request: FastifyRequest,
  reply: FastifyReply,
  token: string,
): Promise<boolean> {
  const done = await pendingSignIns.complete(token, request.ip);
  if (!done) return false;
  const pending = pendingSignIns.read(request.cookies[PENDING_COOKIE]);
  if (pending?.profile.provider === done.provider && pending.profile.subject === done.subject) {
    reply.clearCookie(PENDING_COOKIE, cookieOptions(secure));
    setSessionCookies(reply, secure, await open(done.userId));
  }
  return true;
}

/** The page asking for the address of a first sign-in, and the mail it sends. */
export function pendingSignInRoutes({ services }: AppContext): FastifyPluginCallbackZod {
  return (app, _options, done) => {
    app.get(
      '/api/auth/pending-sign-in',
      {
        schema: {
          tags: ['auth'],
          summary: 'The first sign-in waiting for an address in this browser, if any',
        },
      },
      (request) => {
        const pending = services.pendingSignIns.describe(request.cookies[PENDING_COOKIE]);
        if (!pending) throw new HttpError(404, 'signInExpired');
        return { provider: pending.provider, full_name: pending.name };
      },
    );

    app.post(
      '/api/auth/pending-sign-in/email',
      {
        schema: {
          tags: ['auth'],
          summary: 'Mail a link that finishes the first sign-in to this address',
          body: signInEmail,
        },
      },
      async (request, reply) => {
        const answer = await services.pendingSignIns.mailLink(
          request.cookies[PENDING_COOKIE],
          request.body.email,
          request.language,
        );
        return reply.status(202).send(answer);
      },
    );
    done();
  };
}
