import { z } from 'zod';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../http/context.ts';
import { recordAnswers } from './record-answers.ts';
import {
  serializeAbilities,
  serializeCommunityNames,
  serializeExplanation,
  serializeNamedUser,
} from './serializers/access-explanation.serializer.ts';

const recordId = z.object({ id: z.string().min(1).max(100) });
const explainQuery = z.object({
  user: z
    .union([z.literal('public'), z.coerce.number().int().positive().max(2_147_483_647)])
    .optional(),
  token: z.string().optional(),
});

/**
 * "Who can see this, and why" (beside API.md §3, sharing): the policy's answer for every
 * subject a record's access names, or for one user or the public with the
 * record as they would read it. Only those who may manage its access ask.
 */
export function accessExplanationRoutes(context: AppContext): FastifyPluginCallbackZod {
  const { services } = context;
  const { serialize } = recordAnswers(context.config);
  return (app, _options, done) => {
    app.get(
      '/api/records/:id/access/explain',
      {
        schema: {
          tags: ['sharing'],
          summary: 'Who may view, preview, edit or manage a record, and which rule allows it',
          params: recordId,
          querystring: explainQuery,
        },
      },
      async (request) => {
        const { id } = request.params;
        const { user } = request.query;
        if (user === undefined) {
          return serializeExplanation(await services.accessExplanation.list(request.actor, id));
        }
        const answer = await services.accessExplanation.forActor(request.actor, id, user);
        const view = answer.view;
        return {
          id: answer.id,
          scope: answer.scope,
          actor:
            answer.actor.type === 'user' ? serializeNamedUser(answer.actor.user) : answer.actor,
          abilities: serializeAbilities(answer.abilities),
          communities: serializeCommunityNames(answer.communities),
          // The record as this actor reads it (its abilities are theirs), or why they cannot.
          ...('refused' in view
            ? { record: null, refused: view.refused }
            : { record: serialize(request, view) }),
        };
      },
    );
    done();
  };
}
