import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ValidationMessageKey } from '@arca/schema';
import { HttpError } from './errors.ts';

/** NUL, or a UTF-16 surrogate without its pair: text PostgreSQL refuses to store. */
// eslint-disable-next-line no-control-regex -- NUL is exactly what is looked for
const UNSTORABLE = /[\u0000\p{Cs}]/u;

/** Deeper than any document of the API needs; far deeper JSON exhausts PostgreSQL's parser. */
export const MAX_DEPTH = 32;

interface Problem {
  field: string;
  message: ValidationMessageKey;
}

function isPlain(value: object): boolean {
  if (Array.isArray(value)) return true;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/** A key as it may appear in an error answer (which must itself be storable, printable JSON). */
const printable = (key: string) => key.replaceAll(new RegExp(UNSTORABLE, 'gu'), '\ufffd');

/**
 * The first value of a parsed body, query or params that the database cannot
 * take, with its dotted field path (as validation errors name fields). Walks
 * without recursion, so a deeply nested body cannot exhaust the stack.
 */
export function findUnstorable(root: unknown): Problem | undefined {
  const stack: [unknown, string, number][] = [[root, '', 0]];
  while (stack.length > 0) {
    const [value, path, depth] = stack.pop()!;
    const field = path || '_schema';
    if (typeof value === 'string') {
      if (UNSTORABLE.test(value)) return { field, message: 'unstorableText' };
      continue;
    }
    if (value === null || typeof value !== 'object' || !isPlain(value)) continue;
    if (depth >= MAX_DEPTH) return { field, message: 'nestedTooDeep' };
    for (const [key, item] of Object.entries(value)) {
      const child = path ? `${path}.${printable(key)}` : printable(key);
      if (UNSTORABLE.test(key)) return { field: child, message: 'unstorableText' };
      stack.push([item, child, depth + 1]);
    }
  }
  return undefined;
}

function check(request: FastifyRequest): HttpError | undefined {
  // Parameters are named as the query validation names them; their objects are not plain
  // (the router's and the query parser's own), so they are copied into plain ones.
  const inQuery = findUnstorable({ ...(request.query as object) });
  const problem =
    findUnstorable({ ...(request.params as object) }) ?? inQuery ?? findUnstorable(request.body);
  if (!problem) return undefined;
  const errors = [{ field: problem.field, messages: [problem.message] }];
  // The messages of the validation errors of the same parts (error-handler.ts).
  return new HttpError(400, problem === inQuery ? 'invalidQuery' : 'validation', { errors });
}

/**
 * Before any route validates its input: text and nesting that PostgreSQL cannot
 * store are a 400 naming the field, not a database error (a 500) later on.
 */
export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', (request, _reply, done) => {
    // Unknown URLs keep their 404 or 405, whatever they contain.
    const error = request.is404 ? undefined : check(request);
    if (error) done(error);
    else done();
  });
}
