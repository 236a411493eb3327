import { z } from 'zod';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../http/context.ts';
import type { RecordView } from '../services/records/records.service.ts';
import { idParams, itemQuery } from './record-answers.ts';

const pidParams = idParams.extend({ scheme: z.literal('doi') });

/**
 * Where a record's DOI and its parent's concept DOI stand with DataCite (or
 * that they are local only). Kept out of the record's JSON: a job changes it
 * after the record was written, and cached answers would not see that.
 */
export function pidRoutes({ services }: AppContext): FastifyPluginCallbackZod {
  const registrations = async (view: RecordView) => {
    const doi = view.document.pids.doi;
    const concept = view.parent.pids.doi as { identifier?: string; provider?: string } | undefined;
    const states = await services.dois.statesOf(
      [doi?.identifier, concept?.identifier].filter((id): id is string => Boolean(id)),
    );
    const describe = (pid: { identifier?: string; provider?: string } | undefined) =>
      pid?.identifier
        ? {
            identifier: pid.identifier,
            provider: pid.provider,
            registration: states.get(pid.identifier.toLowerCase()) ?? {
              agency: 'local',
              state: null,
              pending: false,
              failed: false,
            },
          }
        : null;
    return { doi: describe(doi), parent_doi: describe(concept) };
  };

  return (app, _options, done) => {
    const schema = (summary: string) => ({
      tags: ['records'],
      summary,
      params: pidParams,
      querystring: itemQuery,
    });
    app.get(
      '/api/records/:id/draft/pids/:scheme',
      { schema: schema("A draft's DOI and its registration state") },
      async (request) =>
        registrations(
          await services.records.readDraft(request.actor, request.params.id, request.query),
        ),
    );
    app.get(
      '/api/records/:id/pids/:scheme',
      { schema: schema("A record's DOI and its registration state") },
      async (request) => {
        const view = await services.records.readRecord(
          request.actor,
          request.params.id,
          request.query,
        );
        if ('redirectTo' in view) {
          return registrations(
            (await services.records.readRecord(request.actor, view.redirectTo)) as RecordView,
          );
        }
        return registrations(view);
      },
    );
    done();
  };
}
