import { z } from 'zod';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { serialId, tokenCreate } from '@arca/schema';
import type { AppContext } from '../http/context.ts';
import { requireUser } from '../http/auth.ts';
import { permissionDenied } from '../services/errors.ts';
import { accountPolicy } from '../permissions/accounts.policy.ts';
import { can } from '../permissions/policy.ts';
import { serializeToken } from './serializers/user.serializer.ts';

/** Personal access tokens of the current user. */
export function tokenRoutes({ services }: AppContext): FastifyPluginCallbackZod {
  return (app, _options, done) => {
    // Tokens are managed from a logged-in session or another token of the same user.
    const owner = (request: Parameters<typeof requireUser>[0]) => {
      const userId = requireUser(request);
      if (!can(accountPolicy, 'canManageTokens', request.identity, { userId })) {
        throw permissionDenied();
      }
      return userId;
    };

    app.get(
      '/api/user/tokens',
      { schema: { tags: ['tokens'], summary: 'My tokens' } },
      async (request) => {
        const rows = await services.tokens.list(owner(request));
        return { hits: { hits: rows.map((row) => serializeToken(row)), total: rows.length } };
      },
    );

    app.post(
      '/api/user/tokens',
      { schema: { tags: ['tokens'], summary: 'Create a token (shown once)', body: tokenCreate } },
      async (request, reply) => {
        const { row, token } = await services.tokens.create(owner(request), request.body);
        return reply.status(201).send(serializeToken(row, token));
      },
    );

    app.delete(
      '/api/user/tokens/:id',
      {
        schema: {
          tags: ['tokens'],
          summary: 'Revoke a token',
          params: z.object({ id: serialId }),
        },
      },
      async (request, reply) => {
        await services.tokens.revoke(owner(request), request.params.id);
        return reply.status(204).send();
      },
    );
    done();
  };
}
