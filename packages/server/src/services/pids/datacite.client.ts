import type { DataciteConfig } from '../../config.ts';

export type DataciteState = 'draft' | 'registered' | 'findable';
export type DataciteEvent = 'register' | 'publish' | 'hide';

/**
 * A DataCite call that failed. `transient`: trying again later may succeed
 * (outage, timeout, rate limit, credentials being fixed); otherwise the DOI's
 * metadata or state must change first (400, 404, 422...).
 */
export class DataciteError extends Error {
  readonly transient: boolean;
  readonly status: number | undefined;
  constructor(message: string, transient: boolean, status?: number) {
    super(message);
    this.name = 'DataciteError';
    this.transient = transient;
    this.status = status;
  }
}

const PERMANENT = new Set([400, 404, 405, 409, 422]);

/** `{errors: [{source, title}]}` as one line: "creators: Can't be blank; titles: Can't be blank". */
function describeErrors(body: string): string | undefined {
  try {
    const { errors } = JSON.parse(body) as { errors?: { source?: string; title?: string }[] };
    if (!Array.isArray(errors) || errors.length === 0) return undefined;
    return errors.map((error) => [error.source, error.title].filter(Boolean).join(': ')).join('; ');
  } catch {
    return undefined;
  }
}

/** DataCite's REST API (https://support.datacite.org/docs/api), as much of it as Arca needs. */
export function createDataciteClient(config: DataciteConfig) {
  const authorization = `Basic ${Buffer.from(`${config.repositoryId}:${config.password}`).toString('base64')}`;

  async function call(method: string, doi: string, body?: unknown): Promise<Response> {
    const url = `${config.url}/dois/${encodeURIComponent(doi)}`;
    let response: Response;
    try {
      response = await fetch(url, {
        method,
        headers: {
          authorization,
          accept: 'application/vnd.api+json',
          ...(body === undefined ? {} : { 'content-type': 'application/vnd.api+json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(config.timeoutMs),
      });
    } catch (error) {
      const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
      const cause = (error as Error).cause;
      const reason = cause instanceof Error ? cause.message : (error as Error).message;
      throw new DataciteError(
        timedOut
          ? `DataCite did not answer within ${config.timeoutMs / 1000} s`
          : `DataCite could not be reached (${reason})`,
        true,
      );
    }
    if (response.ok || (method === 'GET' && response.status === 404)) return response;
    const text = await response.text().catch(() => '');
    const detail = describeErrors(text);
    throw new DataciteError(
      `DataCite answered ${response.status}${detail ? `: ${detail}` : ''}`,
      !PERMANENT.has(response.status),
      response.status,
    );
  }

  return {
    /** The DOI's state at DataCite, or null when DataCite does not know it. */
    async state(doi: string): Promise<DataciteState | null> {
      const response = await call('GET', doi);
      if (response.status === 404) return null;
      const document = (await response.json()) as { data?: { attributes?: { state?: string } } };
      return (document.data?.attributes?.state as DataciteState | undefined) ?? null;
    },

    /** Creates or updates the DOI (PUT creates one DataCite does not know), moving it by `event`. */
    async put(doi: string, attributes: Record<string, unknown>, event?: DataciteEvent) {
      await call('PUT', doi, {
        data: {
          id: doi,
          type: 'dois',
          attributes: { ...attributes, doi, ...(event ? { event } : {}) },
        },
      });
    },

    /** Deletes a draft DOI (DataCite deletes nothing else). */
    async deleteDraft(doi: string): Promise<void> {
      await call('DELETE', doi);
    },
  };
}

export type DataciteClient = ReturnType<typeof createDataciteClient>;
