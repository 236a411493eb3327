import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { emailChange, emailVerify } from '@arca/schema';
import { requireUser } from '../http/auth.ts';
import type { AppContext } from '../http/context.ts';
import { HttpError } from '../http/errors.ts';
import { finishPendingSignIn } from './pending-sign-in.routes.ts';

/** Confirming an address with a mailed link, and asking for a new link. */
export function emailVerificationRoutes({
  config,
  services,
}: AppContext): FastifyPluginCallbackZod {
  const secure = config.siteUrl.startsWith('https:');
  return (app, _options, done) => {
    app.post(
      '/api/auth/verify-email',
      {
        schema: {
          tags: ['auth'],
          summary: 'Confirm an email address with a mailed link (works once)',
          body: emailVerify,
        },
      },
      async (request, reply) => {
        // The same page confirms a new address of an address change, and the
        // address of a first sign-in through a provider that shares none.
        const { token } = request.body;
        const changed = await services.emailChanges.confirm(token, request.identity.address);
        const handled =
          changed ||
          (await finishPendingSignIn(
            services.pendingSignIns,
            (userId) => services.sessions.open(userId),
            secure,
            request,
            reply,
            token,
          ));
        if (!handled) await services.verification.verify(token);
        return reply.status(204).send();
      },
    );

    app.post(
      '/api/me/email/verification',
      { schema: { tags: ['auth'], summary: 'Mail me a new link to confirm my address' } },
      async (request, reply) => {
        const userId = requireUser(request);
        return reply.status(202).send(await services.verification.resend(userId, request.language));
      },
    );
    app.post(
      '/api/me/email',
      {
        schema: {
          tags: ['auth'],
          summary: 'Change my address: mails a link to the new one, which changes it when used',
          body: emailChange,
        },
      },
      async (request, reply) => {
        const userId = requireUser(request);
        if (request.authMethod !== 'session') throw new HttpError(403, 'permissionDenied');
        const answer = await services.emailChanges.request(
          userId,
          request.body,
          request.ip,
          request.language,
        );
        return reply.status(202).send(answer);
      },
    );
    done();
  };
}
