import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Ajv, type ErrorObject } from 'ajv';
import addFormats from 'ajv-formats';

/**
 * A DataCite REST API (https://support.datacite.org/docs/api-create-dois) on a
 * free local port: JSON:API documents, Basic auth with the repository id, the
 * states draft → registered → findable moved by the `register`, `publish` and
 * `hide` events, the kernel-4 schema checked once a DOI leaves draft (422 with
 * `{errors: [{source, title}]}`), and an outage mode the test switches on.
 */

export type DoiState = 'draft' | 'registered' | 'findable';
export interface StoredDoi {
  state: DoiState;
  attributes: Record<string, unknown>;
  created: string;
  updated: string;
}
/** `error`: every call answers 503; `timeout`: no call is answered. */
export type Outage = 'none' | 'error' | 'timeout';

// The kernel-4.5 JSON schema the export tests use too (a fixture: nothing is fetched).
const schema = JSON.parse(
  readFileSync(new URL('../fixtures/json-schema/datacite-v4.5.json', import.meta.url), 'utf8'),
) as object;
const ajv = new Ajv({ allErrors: true, strict: false });
// ajv-formats is CommonJS: its function is the default export's default.
addFormats.default(ajv);
const validateKernel = ajv.compile(schema);

/** The kernel's properties and the REST API's `url`, which a registered DOI needs too. */
function metadataErrors(attributes: Record<string, unknown>, doi: string) {
  const errors = validateKernel(attributes) ? [] : kernelErrors(validateKernel.errors ?? [], doi);
  if (typeof attributes.url !== 'string' || !attributes.url) {
    errors.push({ source: 'url', title: "Can't be blank", uid: doi });
  }
  return errors;
}

// State changes DataCite allows per event (https://support.datacite.org/docs/doi-states).
const TRANSITIONS: Record<string, Partial<Record<DoiState, DoiState>>> = {
  register: { draft: 'registered', registered: 'registered' },
  publish: { draft: 'findable', registered: 'findable', findable: 'findable' },
  hide: { findable: 'registered', registered: 'registered' },
};

const JSON_API = 'application/vnd.api+json';

class ApiError extends Error {
  readonly status: number;
  readonly errors: Record<string, unknown>[];
  constructor(status: number, errors: Record<string, unknown>[]) {
    super(String(status));
    this.status = status;
    this.errors = errors;
  }
}

const notFound = () =>
  new ApiError(404, [{ status: '404', title: "The resource you are looking for doesn't exist." }]);

/** DataCite's answer for each schema problem: the property as `source`, the problem as `title`. */
function kernelErrors(errors: ErrorObject[], doi: string): Record<string, unknown>[] {
  return errors
    .filter((error) => !['oneOf', 'allOf', 'if'].includes(error.keyword))
    .map((error) => {
      const path = error.instancePath.split('/').filter(Boolean);
      const missing = error.keyword === 'required' ? String(error.params.missingProperty) : null;
      const field = [...path.filter((part) => !/^\d+$/.test(part)), ...(missing ? [missing] : [])];
      const blank =
        missing !== null || error.keyword === 'minItems' || error.keyword === 'minLength';
      return {
        source: field.join('.') || 'data',
        title: blank ? "Can't be blank" : (error.message ?? 'is invalid'),
        uid: doi,
      };
    });
}

export async function startDataciteServer(account: {
  repositoryId: string;
  password: string;
  prefix: string;
}) {
  const dois = new Map<string, StoredDoi>();
  const calls: { method: string; path: string; event?: string }[] = [];
  let outage: Outage = 'none';
  const basic = (password: string) =>
    `Basic ${Buffer.from(`${account.repositoryId}:${password}`).toString('base64')}`;
  let expected = basic(account.password);

  const authorize = (request: IncomingMessage, required: boolean) => {
    const header = request.headers.authorization;
    if (!header && !required) return false;
    if (header !== expected)
      throw new ApiError(401, [{ status: '401', title: 'Bad credentials.' }]);
    return true;
  };

  const present = (doi: string, stored: StoredDoi) => ({
    data: {
      id: doi,
      type: 'dois',
      attributes: {
        ...stored.attributes,
        doi,
        prefix: doi.split('/')[0],
        suffix: doi.slice(doi.indexOf('/') + 1),
        state: stored.state,
        isActive: stored.state === 'findable',
        created: stored.created,
        updated: stored.updated,
      },
      relationships: { client: { data: { id: account.repositoryId, type: 'clients' } } },
    },
  });

  /** Creates or updates a DOI as POST and PUT do; answers the HTTP status. */
  const write = (doi: string, attributes: Record<string, unknown>, creating: boolean) => {
    if (!doi.startsWith(`${account.prefix}/`)) {
      throw new ApiError(403, [
        { status: '403', title: 'You are not authorized to access this resource.' },
      ]);
    }
    const existing = dois.get(doi);
    if (creating && existing) {
      throw new ApiError(422, [
        { source: 'doi', title: 'This DOI has already been taken', uid: doi },
      ]);
    }
    const { event: asked, ...metadata } = attributes;
    const event = typeof asked === 'string' ? asked : undefined;
    const from: DoiState = existing?.state ?? 'draft';
    let to = from;
    if (event !== undefined) {
      const next = TRANSITIONS[event]?.[from];
      if (!next) {
        throw new ApiError(422, [
          { source: 'event', title: `Cannot ${event} a DOI in state ${from}`, uid: doi },
        ]);
      }
      to = next;
    }
    const merged = { ...existing?.attributes, ...metadata, doi };
    const invalid = to === 'draft' ? [] : metadataErrors(merged, doi);
    if (invalid.length > 0) throw new ApiError(422, invalid);
    const now = new Date().toISOString();
    dois.set(doi, {
      state: to,
      attributes: merged,
      created: existing?.created ?? now,
      updated: now,
    });
    return existing ? 200 : 201;
  };

  const route = (request: IncomingMessage, body: string): [number, unknown] => {
    const url = new URL(request.url ?? '/', 'http://datacite.test');
    const match = /^\/dois(?:\/(.+))?$/.exec(url.pathname);
    if (!match) throw notFound();
    const doi = match[1] ? decodeURIComponent(match[1]).toLowerCase() : undefined;
    const method = request.method ?? 'GET';
    if (method === 'GET' && doi) {
      const signedIn = authorize(request, false);
      const stored = dois.get(doi);
      if (!stored || (!signedIn && stored.state !== 'findable')) throw notFound();
      return [200, present(doi, stored)];
    }
    authorize(request, true);
    if (method === 'DELETE' && doi) {
      const stored = dois.get(doi);
      if (!stored) throw notFound();
      if (stored.state !== 'draft') {
        throw new ApiError(405, [{ status: '405', title: 'Method not allowed' }]);
      }
      dois.delete(doi);
      return [204, undefined];
    }
    if ((method === 'POST' && !doi) || (method === 'PUT' && doi)) {
      const attributes = parseDocument(body);
      const id = (doi ?? (typeof attributes.doi === 'string' ? attributes.doi : '')).toLowerCase();
      if (!id) throw new ApiError(422, [{ source: 'doi', title: "Can't be blank" }]);
      calls[calls.length - 1]!.event = attributes.event as string | undefined;
      const status = write(id, attributes, method === 'POST');
      return [method === 'POST' ? 201 : status === 201 ? 201 : 200, present(id, dois.get(id)!)];
    }
    throw new ApiError(405, [{ status: '405', title: 'Method not allowed' }]);
  };

  const held = new Set<ServerResponse>();
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      calls.push({ method: request.method ?? 'GET', path: request.url ?? '/' });
      if (outage === 'timeout') return void held.add(response);
      if (outage === 'error') {
        response.writeHead(503, { 'content-type': 'text/html' });
        return void response.end('<html><body>503 Service Unavailable</body></html>');
      }
      let status: number;
      let answer: unknown;
      try {
        [status, answer] = route(request, Buffer.concat(chunks).toString('utf8'));
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        [status, answer] = [error.status, { errors: error.errors }];
      }
      response.writeHead(status, answer === undefined ? {} : { 'content-type': JSON_API });
      response.end(answer === undefined ? undefined : JSON.stringify(answer));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    dois,
    /** Every call received, in order (with the event a write carried). */
    calls,
    get(doi: string): StoredDoi | undefined {
      return dois.get(doi.toLowerCase());
    },
    /** The repository's password changes at DataCite (Arca's becomes wrong). */
    setPassword(password: string) {
      expected = basic(password);
    },
    setOutage(mode: Outage) {
      outage = mode;
      if (mode === 'none') {
        // Calls held by a timeout were given up by their clients: drop them.
        for (const response of held) response.destroy();
        held.clear();
      }
    },
    async close() {
      for (const response of held) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type DataciteServer = Awaited<ReturnType<typeof startDataciteServer>>;

function parseDocument(body: string): Record<string, unknown> {
  let document: unknown;
  try {
    document = JSON.parse(body);
  } catch {
    throw new ApiError(400, [
      { status: '400', title: 'You need to provide a payload following the JSONAPI spec' },
    ]);
  }
  const data = (document as { data?: { type?: unknown; attributes?: unknown } } | null)?.data;
  if (!data || data.type !== 'dois' || typeof data.attributes !== 'object' || !data.attributes) {
    throw new ApiError(400, [
      { status: '400', title: 'You need to provide a payload following the JSONAPI spec' },
    ]);
  }
  return data.attributes as Record<string, unknown>;
}
