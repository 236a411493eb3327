import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { emailChange, emailVerify } from '@arca/schema';
import { requireUser } from '../http/auth.ts';
import type { AppContext } from '../http/context.ts';
import { HttpError } from '../http/errors.ts';

/** Confirming an address with a mailed link, and asking for a new link. */
export function emailVerificationRoutes({ services }: AppContext): FastifyPluginCallbackZod {
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
        // The same page confirms a new address of an address change.
        const changed = await services.emailChanges.confirm(request.body.token);
        if (!changed) await services.verification.verify(request.body.token);
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
