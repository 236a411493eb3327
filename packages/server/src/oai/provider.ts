import type { RecordJson } from '@arca/schema';
import type {
  Harvest,
  HarvestCursor,
  HarvestItem,
  HarvestSet,
} from '../services/harvest/harvest.service.ts';
import type { RecordView } from '../services/records/view.ts';
import { OaiError, parseRequest, window, datestamp, type OaiRequest } from './arguments.ts';
import type { OaiFormat } from './formats.ts';
import { TOKEN_LIFETIME_MS, type ResumptionTokens, type TokenState } from './tokens.ts';
import {
  errorResponse,
  headerXml,
  recordXml,
  response,
  responseStart,
  resumptionTokenXml,
  xmlFragment,
} from './xml.ts';

export interface OaiRepository {
  name: string;
  /** The endpoint's absolute URL (Identify's baseURL, every response's request element). */
  baseUrl: string;
  adminEmail: string;
  /** The host in identifiers: `oai:{host}:{id}`. */
  host: string;
}

export interface OaiDeps {
  repository: OaiRepository;
  harvest: Harvest;
  tokens: ResumptionTokens;
  formats: readonly OaiFormat[];
  /** A record as the public API shows it, which every format is made from. */
  toJson: (view: RecordView) => RecordJson;
  /** Records per ListRecords page; ListIdentifiers sends five times as many headers. */
  pageSize: number;
  /**
   * The longest a writing transaction lives. A record is dated by the start of
   * the transaction that changed it, and harvesters cannot see the change before
   * it commits, up to this much later: a walk that passed its place (or ended)
   * at T misses a change dated before T and committed after, and the next
   * harvest, from T, would skip it for its date. So `from` and `until` select
   * on the modification time plus this delay: whatever a walk missed is dated
   * after the walk's first response, where the next harvest looks.
   */
  settleMs: number;
}

/**
 * The OAI-PMH 2.0 data provider: answers a request (its arguments in the order
 * given) with the response's text in parts. Everything that can fail is read
 * before the first part, so a protocol error is a whole error response; the
 * records of a page are rendered as the response is sent.
 */
export function oaiProvider(deps: OaiDeps) {
  const { repository, harvest, tokens } = deps;
  const prefixOfId = `oai:${repository.host}:`;

  const formatOf = (prefix: string) => {
    const format = deps.formats.find((candidate) => candidate.prefix === prefix);
    if (!format) throw new OaiError('cannotDisseminateFormat', `Unknown metadataPrefix: ${prefix}`);
    return format;
  };

  const idOf = (identifier: string) => {
    const id = identifier.startsWith(prefixOfId) ? identifier.slice(prefixOfId.length) : '';
    if (!id) throw new OaiError('idDoesNotExist', `No such item: ${identifier}`);
    return id;
  };

  const settled = (modified: Date) => new Date(modified.getTime() + deps.settleMs);
  // Shown no later than the response's date (`now`), though selected by the settled time.
  const header = (item: HarvestItem, now: Date) => ({
    identifier: `${prefixOfId}${item.id}`,
    modified: new Date(Math.min(settled(item.modified).getTime(), now.getTime())),
    sets: item.sets,
    deleted: item.deleted,
  });

  const render = (item: HarvestItem, format: OaiFormat, now: Date) =>
    recordXml(
      header(item, now),
      item.deleted || !item.view ? undefined : format.render(deps.toJson(item.view)),
    );

  async function identify(start: string) {
    const earliest = await harvest.earliest();
    return response(start, 'Identify', [
      xmlFragment((root) => {
        root.ele('repositoryName').txt(repository.name);
        root.ele('baseURL').txt(repository.baseUrl);
        root.ele('protocolVersion').txt('2.0');
        root.ele('adminEmail').txt(repository.adminEmail);
        root.ele('earliestDatestamp').txt(datestamp(earliest ? settled(earliest) : new Date(0)));
        root.ele('deletedRecord').txt('persistent');
        root.ele('granularity').txt('YYYY-MM-DDThh:mm:ssZ');
        root.ele('compression').txt('gzip');
      }),
    ]);
  }

  /** Whether an item can be given in a format (DataCite's need a DOI). */
  const disseminable = (item: HarvestItem, format: OaiFormat) => !format.needsDoi || item.hasDoi;

  async function listMetadataFormats(start: string, args: Record<string, string>) {
    let formats = deps.formats;
    if (args.identifier !== undefined) {
      const item = await harvest.one(idOf(args.identifier), false);
      if (!item) throw new OaiError('idDoesNotExist', `No such item: ${args.identifier}`);
      formats = formats.filter((format) => disseminable(item, format));
    }
    if (formats.length === 0) {
      throw new OaiError('noMetadataFormats', 'No metadata formats are available.');
    }
    return response(
      start,
      'ListMetadataFormats',
      formats.map((format) =>
        xmlFragment((root) => {
          const element = root.ele('metadataFormat');
          element.ele('metadataPrefix').txt(format.prefix);
          element.ele('schema').txt(format.schema);
          element.ele('metadataNamespace').txt(format.namespace);
        }),
      ),
    );
  }

  async function listSets(start: string, args: Record<string, string>) {
    if (args.resumptionToken !== undefined) {
      throw new OaiError('badResumptionToken', 'ListSets is answered whole; no token is valid.');
    }
    const sets = await harvest.sets();
    if (sets.length === 0) throw new OaiError('noSetHierarchy', 'This repository has no sets.');
    return response(
      start,
      'ListSets',
      sets.map((set) =>
        xmlFragment((root) => {
          const element = root.ele('set');
          element.ele('setSpec').txt(set.spec);
          element.ele('setName').txt(set.name);
        }),
      ),
    );
  }

  async function getRecord(start: string, now: Date, args: Record<string, string>) {
    const format = formatOf(args.metadataPrefix!);
    const item = await harvest.one(idOf(args.identifier!), true);
    if (!item) throw new OaiError('idDoesNotExist', `No such item: ${args.identifier}`);
    if (!disseminable(item, format)) {
      throw new OaiError(
        'cannotDisseminateFormat',
        `${args.identifier} has no DOI, which the ${format.prefix} format requires.`,
      );
    }
    return response(start, 'GetRecord', [render(item, format, now)]);
  }

  /** A walk's state: as the first request set it out, or as its token carries it on. */
  function walkOf(verb: string, args: Record<string, string>): TokenState & { resumed: boolean } {
    if (args.resumptionToken !== undefined) {
      const state = tokens.read(args.resumptionToken);
      if (!state || state.verb !== verb) {
        throw new OaiError('badResumptionToken', 'The resumption token is invalid or expired.');
      }
      return { ...state, resumed: true };
    }
    return {
      verb,
      prefix: args.metadataPrefix!,
      ...(args.set === undefined ? {} : { set: args.set }),
      ...(args.from === undefined ? {} : { from: args.from }),
      ...(args.until === undefined ? {} : { until: args.until }),
      after: { publishedAt: '', id: '' },
      sent: 0,
      expires: 0,
      resumed: false,
    };
  }

  async function list(
    start: string,
    now: Date,
    verb: 'ListIdentifiers' | 'ListRecords',
    args: Record<string, string>,
  ) {
    const walk = walkOf(verb, args);
    // Dates first: a malformed one is badArgument, whatever else is wrong.
    const bounds = modificationWindow(window(walk.from, walk.until));
    const format = formatOf(walk.prefix);
    let set: HarvestSet | null | undefined;
    if (walk.set !== undefined) {
      set = setOf(walk.set);
      if (!walk.resumed && (await harvest.sets()).length === 0) {
        throw new OaiError('noSetHierarchy', 'This repository has no sets.');
      }
    }
    const records = verb === 'ListRecords';
    const size = records ? deps.pageSize : deps.pageSize * 5;
    const after: HarvestCursor | undefined = walk.resumed ? walk.after : undefined;
    const page =
      set === null
        ? undefined
        : await harvest.page({ ...bounds, set, withDoi: format.needsDoi }, after, size, records);
    if (!page || page.items.length === 0) {
      throw new OaiError('noRecordsMatch', 'No records match the request.');
    }
    const sent = walk.sent + page.items.length;
    const expires = Date.now() + TOKEN_LIFETIME_MS;
    const token = page.next
      ? tokens.issue({ ...stripResumed(walk), after: page.next, sent, expires })
      : undefined;
    const items = page.items;
    function* parts() {
      for (const item of items) {
        yield records ? render(item, format, now) : headerXml(header(item, now));
      }
      if (token || walk.resumed) {
        yield resumptionTokenXml(token, token ? new Date(expires) : undefined, walk.sent);
      }
    }
    return response(start, verb, parts());
  }

  /** The modification times whose settled times lie in `bounds`. */
  function modificationWindow(bounds: { from?: Date; before?: Date }) {
    const earlier = (at: Date) => new Date(at.getTime() - deps.settleMs);
    return {
      ...(bounds.from ? { from: earlier(bounds.from) } : {}),
      ...(bounds.before ? { before: earlier(bounds.before) } : {}),
    };
  }

  return {
    /** The response to a request, whose arguments are given in order, repeats kept. */
    async answer(pairs: [string, string][]): Promise<AsyncIterable<string> | Iterable<string>> {
      let request: OaiRequest | undefined;
      try {
        request = parseRequest(pairs);
        const now = new Date();
        const start = responseStart(
          repository.baseUrl,
          { verb: request.verb, ...request.args },
          now,
        );
        switch (request.verb) {
          case 'Identify':
            return await identify(start);
          case 'ListMetadataFormats':
            return await listMetadataFormats(start, request.args);
          case 'ListSets':
            return await listSets(start, request.args);
          case 'GetRecord':
            return await getRecord(start, now, request.args);
          case 'ListIdentifiers':
          case 'ListRecords':
            return await list(start, now, request.verb, request.args);
        }
      } catch (error) {
        if (!(error instanceof OaiError)) throw error;
        // After badVerb and badArgument the request element repeats no arguments (§3.6).
        const echo =
          request && error.code !== 'badArgument'
            ? { verb: request.verb, ...request.args }
            : undefined;
        return [errorResponse(responseStart(repository.baseUrl, echo), error.code, error.message)];
      }
    },
  };
}

/** A setSpec's selection; null when it names no set Arca has. */
function setOf(spec: string): HarvestSet | null {
  if (spec.startsWith('community-')) return { kind: 'community', slug: spec.slice(10) };
  if (spec.startsWith('type-')) return { kind: 'type', id: spec.slice(5) };
  return null;
}

function stripResumed({
  resumed: _resumed,
  ...state
}: TokenState & { resumed: boolean }): TokenState {
  return state;
}

export type OaiProvider = ReturnType<typeof oaiProvider>;
