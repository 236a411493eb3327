import { z } from 'zod';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { serialId, tokenCreate } from '@arca/schema';
import type { AppContext } from '../http/context.ts';
import { serializeToken } from './serializers/user.serializer.ts';

/** Personal access tokens of the current user (the service refuses anyone else). */
export function tokenRoutes({ services }: AppContext): FastifyPluginCallbackZod {
  return (app, _options, done) => {
    app.get(
      '/api/user/tokens',
      { schema: { tags: ['tokens'], summary: 'My tokens' } },
      async (request) => {
        const rows = await services.tokens.list(request.identity);
        return { hits: { hits: rows.map((row) => serializeToken(row)), total: rows.length } };
      },
    );

    app.post(
      '/api/user/tokens',
      { schema: { tags: ['tokens'], summary: 'Create a token (shown once)', body: tokenCreate } },
      async (request, reply) => {
        const { row, token } = await services.tokens.create(request.identity, request.body);
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
        await services.tokens.revoke(request.identity, request.params.id);
        return reply.status(204).send();
      },
    );
    done();
  };
}
