/** The OAI-PMH verbs and the arguments each takes (OAI-PMH 2.0, §4). */
export const VERBS = {
  Identify: { required: [], optional: [] },
  ListMetadataFormats: { required: [], optional: ['identifier'] },
  ListSets: { required: [], optional: [], exclusive: 'resumptionToken' },
  GetRecord: { required: ['identifier', 'metadataPrefix'], optional: [] },
  ListIdentifiers: {
    required: ['metadataPrefix'],
    optional: ['from', 'until', 'set'],
    exclusive: 'resumptionToken',
  },
  ListRecords: {
    required: ['metadataPrefix'],
    optional: ['from', 'until', 'set'],
    exclusive: 'resumptionToken',
  },
} as const satisfies Record<
  string,
  { required: readonly string[]; optional: readonly string[]; exclusive?: string }
>;

export type Verb = keyof typeof VERBS;

export const ERROR_CODES = [
  'badArgument',
  'badResumptionToken',
  'badVerb',
  'cannotDisseminateFormat',
  'idDoesNotExist',
  'noRecordsMatch',
  'noMetadataFormats',
  'noSetHierarchy',
] as const;

export type OaiErrorCode = (typeof ERROR_CODES)[number];

/** A protocol error, answered as `<error code="...">` with status 200 (§3.6). */
export class OaiError extends Error {
  readonly code: OaiErrorCode;
  constructor(code: OaiErrorCode, message: string) {
    super(message);
    this.code = code;
  }
}

export interface OaiRequest {
  verb: Verb;
  args: Record<string, string>;
}

/** setSpec and metadataPrefix as the OAI-PMH schema allows them. */
export const SET_SPEC = /^[A-Za-z0-9\-_.!~*'()]+(:[A-Za-z0-9\-_.!~*'()]+)*$/;
export const PREFIX = /^[A-Za-z0-9\-_.!~*'()]+$/;

/**
 * Checks a request's verb and arguments: a missing, unknown or repeated verb is
 * badVerb; a missing, unknown, repeated or malformed argument is badArgument.
 * `pairs` are the arguments in the order given, repeats kept.
 */
export function parseRequest(pairs: [string, string][]): OaiRequest {
  const verbs = pairs.filter(([key]) => key === 'verb').map(([, value]) => value);
  if (verbs.length !== 1) {
    throw new OaiError(
      'badVerb',
      verbs.length === 0 ? 'The verb argument is missing.' : 'The verb argument is repeated.',
    );
  }
  const verb = verbs[0]!;
  if (!Object.hasOwn(VERBS, verb)) throw new OaiError('badVerb', `Illegal verb: ${verb}`);
  const spec: { required: readonly string[]; optional: readonly string[]; exclusive?: string } =
    VERBS[verb as Verb];
  const args: Record<string, string> = {};
  for (const [key, value] of pairs) {
    if (key === 'verb') continue;
    const allowed =
      spec.required.includes(key) || spec.optional.includes(key) || spec.exclusive === key;
    if (!allowed) throw new OaiError('badArgument', `Illegal argument for ${verb}: ${key}`);
    if (Object.hasOwn(args, key)) throw new OaiError('badArgument', `Repeated argument: ${key}`);
    args[key] = value;
  }
  if (spec.exclusive && Object.hasOwn(args, spec.exclusive)) {
    if (Object.keys(args).length > 1) {
      throw new OaiError('badArgument', `${spec.exclusive} is an exclusive argument.`);
    }
    return { verb: verb as Verb, args };
  }
  for (const key of spec.required) {
    if (!args[key]) throw new OaiError('badArgument', `Missing required argument: ${key}`);
  }
  if (args.metadataPrefix !== undefined && !PREFIX.test(args.metadataPrefix)) {
    throw new OaiError('badArgument', `Malformed metadataPrefix: ${args.metadataPrefix}`);
  }
  if (args.set !== undefined && !SET_SPEC.test(args.set)) {
    throw new OaiError('badArgument', `Malformed set: ${args.set}`);
  }
  return { verb: verb as Verb, args };
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const SECONDS = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})Z$/;

export interface DateBound {
  at: Date;
  granularity: 'day' | 'seconds';
}

/** A from or until datestamp in either granularity Identify declares; badArgument otherwise. */
export function parseDatestamp(name: string, value: string): DateBound {
  const granularity = DAY.test(value) ? 'day' : SECONDS.test(value) ? 'seconds' : undefined;
  const at = new Date(granularity === 'day' ? `${value}T00:00:00Z` : value);
  if (!granularity || Number.isNaN(at.getTime()) || !sameDay(at, value)) {
    throw new OaiError('badArgument', `Malformed ${name}: ${value}`);
  }
  return { at, granularity };
}

/** Rejects dates that JavaScript rolls over (2024-02-30 → March 1). */
const sameDay = (at: Date, value: string) => at.toISOString().slice(0, 10) === value.slice(0, 10);

/**
 * The modification window of from and until: from inclusive, until inclusive
 * at its own granularity (until=2024-05-01 takes all of that day), so the
 * exclusive bound is the next day or second.
 */
export function window(
  from: string | undefined,
  until: string | undefined,
): { from?: Date; before?: Date } {
  const start = from === undefined ? undefined : parseDatestamp('from', from);
  const end = until === undefined ? undefined : parseDatestamp('until', until);
  if (start && end && start.granularity !== end.granularity) {
    throw new OaiError('badArgument', 'from and until must have the same granularity.');
  }
  if (start && end && start.at > end.at) {
    throw new OaiError('badArgument', 'from must not be later than until.');
  }
  const step = end?.granularity === 'day' ? 86_400_000 : 1000;
  return {
    ...(start ? { from: start.at } : {}),
    ...(end ? { before: new Date(end.at.getTime() + step) } : {}),
  };
}

/** A datestamp at the seconds granularity Identify declares. */
export const datestamp = (at: Date) => `${at.toISOString().slice(0, 19)}Z`;
