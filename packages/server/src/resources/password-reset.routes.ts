import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { passwordForgot, passwordReset } from '@arca/schema';
import type { AppContext } from '../http/context.ts';

/** Password reset by mail: ask for a link, then set a new password with it. */
export function passwordResetRoutes({ services }: AppContext): FastifyPluginCallbackZod {
  return (app, _options, done) => {
    app.post(
      '/api/auth/password/forgot',
      {
        schema: {
          tags: ['auth'],
          summary: 'Mail a password reset link: the answer is the same for an unknown address',
          body: passwordForgot,
        },
      },
      async (request, reply) => {
        await services.passwordResets.request(request.body.email, request.ip, request.language);
        return reply.status(202).send({ email: request.body.email });
      },
    );

    app.post(
      '/api/auth/password/reset',
      {
        schema: {
          tags: ['auth'],
          summary: 'Set a new password with a mailed link; every session is closed',
          body: passwordReset,
        },
      },
      async (request, reply) => {
        await services.passwordResets.reset(request.body, request.ip);
        return reply.status(204).send();
      },
    );
    done();
  };
}
