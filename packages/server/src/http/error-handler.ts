import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorBody, FieldError } from '@arca/schema';
import type { Translate } from '../i18n.ts';
import { HttpError } from './errors.ts';
import { DomainError, type DomainErrorKind } from '../services/errors.ts';
import { isDataError } from '../db/errors.ts';

/** The one place a domain error gets its HTTP status. */
export const STATUS_OF: Record<DomainErrorKind, number> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  notFound: 404,
  conflict: 409,
  stale: 412,
  tooLarge: 413,
  tooMany: 429,
  gone: 410,
};

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;

// Texts without parameters, per translator: a draft save reports the same few every time.
const plainTexts = new WeakMap<Translate, Map<string, string>>();

/** A catalogue key becomes its text; any other message is passed through. */
export function translateMessage(t: Translate, message: string, params?: object): string {
  if (params) return t(message, { ...params, ns: ['validation', 'errors'], defaultValue: message });
  let texts = plainTexts.get(t);
  if (!texts) plainTexts.set(t, (texts = new Map<string, string>()));
  let text = texts.get(message);
  if (text === undefined) {
    text = t(message, { ns: ['validation', 'errors'], defaultValue: message });
    // Messages that are not catalogue keys (free text) are not kept: there is no end to them.
    if (text !== message) texts.set(message, text);
  }
  return text;
}

function send(reply: FastifyReply, body: ErrorBody, headers: Record<string, string> = {}) {
  return reply.status(body.status).headers(headers).type('application/json').send(body);
}

/** Zod issues (path + message key + limits) as InvenioRDM field errors. */
function validationErrors(error: FastifyError, t: Translate): FieldError[] {
  const byField = new Map<string, string[]>();
  for (const issue of error.validation ?? []) {
    const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || '_schema';
    const params = issue.params as { minimum?: unknown; maximum?: unknown; values?: unknown[] };
    const message = translateMessage(t, issue.message ?? 'invalid', {
      min: params.minimum,
      max: params.maximum,
      choices: params.values?.join(', '),
    });
    byField.set(field, [...(byField.get(field) ?? []), message]);
  }
  return [...byField].map(([field, messages]) => ({ field, messages }));
}

/**
 * Every error leaves in the JSON shape of API.md §0, with the caller's
 * language; unexpected ones are logged and answered 500 without details.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const t = request.t;
    if (error instanceof HttpError || error instanceof DomainError) {
      const errors = error.fieldErrors?.map((item) => ({
        ...item,
        messages: item.messages.map((m) => translateMessage(t, m)),
      }));
      const domain = error instanceof DomainError;
      const body: ErrorBody = {
        status: domain ? STATUS_OF[error.kind] : error.status,
        message: translateMessage(t, error.key, error.params),
      };
      if (errors) body.errors = errors;
      if (domain && error.extra) Object.assign(body, error.extra);
      const headers: Record<string, string> = domain
        ? error.retryAfterSeconds === undefined
          ? {}
          : { 'retry-after': String(error.retryAfterSeconds) }
        : { ...error.headers };
      // A 410 is cacheable by default (RFC 9110 §15.5.11), and browsers keep it: a tombstone
      // is asked again every time, as a restore brings the record back.
      if (domain && error.kind === 'gone') headers['cache-control'] = 'no-cache';
      return send(reply, body, headers);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const invalidQuery = error.validationContext === 'querystring';
      return send(reply, {
        status: 400,
        message: t(invalidQuery ? 'invalidQuery' : 'validation'),
        errors: validationErrors(error, t),
      });
    }
    switch (error.code) {
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
        return send(reply, { status: 415, message: t('unsupportedMediaType') });
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
        return send(reply, { status: 413, message: t('payloadTooLarge') });
    }
    if (error.statusCode && error.statusCode < 500) {
      return send(reply, { status: error.statusCode, message: error.message });
    }
    if (isDataError(error)) {
      // A last resort: the input checks should have named the field before the database saw it.
      request.log.warn({ err: error }, 'database refused a value');
      return send(reply, { status: 400, message: t('validation') });
    }
    request.log.error({ err: error }, 'unhandled error');
    return send(reply, { status: 500, message: t('internal') });
  });
}

/** 404 for unknown API routes, 405 when the path exists for another method. */
export function apiNotFound(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
  const path = request.url.split('?')[0] ?? '';
  const allowed = METHODS.filter(
    (method) => method !== request.method && app.findRoute({ method, url: path }) !== null,
  );
  if (allowed.length > 0) {
    return send(
      reply,
      { status: 405, message: request.t('methodNotAllowed') },
      { allow: allowed.join(', ') },
    );
  }
  return send(reply, { status: 404, message: request.t('notFound') });
}

/** JSON bodies; an empty body is no body, and bad JSON gets InvenioRDM's message. */
export function registerJsonParser(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    /^application\/([\w.+-]+\+)?json(;.*)?$/,
    { parseAs: 'string' },
    (request, body, done) => {
      const text = typeof body === 'string' ? body : body.toString('utf8');
      if (text.trim() === '') return done(null, undefined);
      try {
        done(null, JSON.parse(text));
      } catch {
        done(new HttpError(400, 'badJson'), undefined);
      }
    },
  );
}
