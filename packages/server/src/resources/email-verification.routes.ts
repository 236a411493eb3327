import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { emailVerify } from '@arca/schema';
import { requireUser } from '../http/auth.ts';
import type { AppContext } from '../http/context.ts';

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
        await services.verification.verify(request.body.token);
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
    done();
  };
}
