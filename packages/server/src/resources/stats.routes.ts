import { z } from 'zod';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../http/context.ts';
import { idParams } from './record-answers.ts';

const month = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'YYYY-MM');
const periodQuery = z.object({
  begin: month.optional(),
  end: month.optional(),
  token: z.string().optional(),
});

/** The last `count` months up to this one, as `YYYY-MM`. */
function lastMonths(count: number, now = new Date()): { begin: string; end: string } {
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (count - 1), 1));
  return { begin: start.toISOString().slice(0, 7), end: now.toISOString().slice(0, 7) };
}

const period = (query: z.infer<typeof periodQuery>, months: number) => {
  const fallback = lastMonths(months);
  return { begin: query.begin ?? fallback.begin, end: query.end ?? fallback.end };
};

/**
 * A record's usage statistics by month, its CSV export and its COUNTER report;
 * the repository's monthly COUNTER report (docs/statistics.md).
 */
export function statsRoutes({ services }: AppContext): FastifyPluginCallbackZod {
  const tags = ['statistics'];
  const reports = services.stats.reports;
  return (app, _options, done) => {
    app.get(
      '/api/records/:id/stats',
      {
        schema: {
          tags,
          summary: 'Views and downloads per month (default: the last 12 months)',
          params: idParams,
          querystring: periodQuery,
        },
      },
      async (request) => {
        const { begin, end } = period(request.query, 12);
        const months = await reports.monthly(request.actor, request.params.id, begin, end);
        return { begin, end, months };
      },
    );

    app.get(
      '/api/records/:id/stats/export',
      {
        schema: {
          tags,
          summary: 'Views and downloads per month as CSV (for who manages the record)',
          params: idParams,
          querystring: periodQuery,
        },
      },
      async (request, reply) => {
        const { begin, end } = period(request.query, 12);
        const csv = await reports.csv(request.actor, request.params.id, begin, end);
        return reply
          .type('text/csv; charset=utf-8')
          .header(
            'content-disposition',
            `attachment; filename="${request.params.id}-stats-${begin}-${end}.csv"`,
          )
          .send(csv);
      },
    );

    app.get(
      '/api/stats/reports/records/:id',
      {
        schema: {
          tags,
          summary: 'COUNTER dataset report (Make Data Count, SUSHI JSON; default: this month)',
          params: idParams,
          querystring: periodQuery,
        },
      },
      async (request) => {
        const { begin, end } = period(request.query, 1);
        return reports.datasetReport(request.actor, request.params.id, begin, end);
      },
    );

    app.get(
      '/api/stats/reports/repository',
      {
        schema: {
          tags,
          summary:
            'COUNTER dataset report of the public records (Make Data Count; default: this month)',
          querystring: z.object({ month: month.optional() }),
        },
      },
      async (request) => {
        const chosen = request.query.month ?? lastMonths(1).end;
        return services.stats.repositoryReport(chosen);
      },
    );
    done();
  };
}
