import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { translator } from '../i18n.ts';
import { isDataError } from '../db/errors.ts';
import { registerErrorHandling } from './error-handler.ts';
import { MAX_DEPTH, findUnstorable } from './input-guard.ts';

describe('findUnstorable', () => {
  it('names the field of a NUL or a lone surrogate, in values and in keys', () => {
    expect(findUnstorable({ metadata: { title: 'a\u0000b' } })).toEqual({
      field: 'metadata.title',
      message: 'unstorableText',
    });
    expect(findUnstorable({ creators: [{ name: 'ok' }, { name: 'x\ud800' }] })?.field).toBe(
      'creators.1.name',
    );
    expect(findUnstorable({ tail: '\udfff' })?.field).toBe('tail');
    expect(findUnstorable({ custom_fields: { 'evil\u0000': 1 } })).toEqual({
      field: 'custom_fields.evil\ufffd',
      message: 'unstorableText',
    });
    expect(findUnstorable('\u0000')?.field).toBe('_schema');
  });

  it('lets paired surrogates, other text, numbers and non-JSON objects through', () => {
    expect(findUnstorable({ title: 'Bodensee 😀 ∑', n: 2 ** 60, ok: [true, null] })).toBe(
      undefined,
    );
    expect(findUnstorable(Buffer.from([0, 0xff]))).toBe(undefined);
  });

  it('refuses nesting beyond the limit, without recursion on very deep input', () => {
    let shallow: unknown = 'leaf';
    for (let i = 0; i < MAX_DEPTH; i += 1) shallow = [shallow];
    expect(findUnstorable(shallow)).toBe(undefined);
    expect(findUnstorable([shallow])?.message).toBe('nestedTooDeep');
    const deep: unknown = JSON.parse(`${'['.repeat(100_000)}${']'.repeat(100_000)}`);
    expect(findUnstorable(deep)?.message).toBe('nestedTooDeep');
  });
});

describe('a value the database refuses', () => {
  it('is recognised by its SQLSTATE class (22, 54), also when wrapped', () => {
    const pg = Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), {
      code: '22021',
    });
    expect(isDataError(pg)).toBe(true);
    expect(isDataError(new Error('Failed query', { cause: pg }))).toBe(true);
    expect(isDataError(Object.assign(new Error('x'), { code: '54000' }))).toBe(true);
    expect(isDataError(Object.assign(new Error('x'), { code: '23505' }))).toBe(false);
    expect(isDataError(Object.assign(new Error('x'), { code: 'ERR_X' }))).toBe(false);
  });

  it('is answered 400, not 500, when no check caught it before', async () => {
    const app = Fastify();
    app.decorateRequest('t', null as unknown as ReturnType<typeof translator>);
    app.addHook('onRequest', (request, _reply, done) => {
      request.t = translator('en');
      done();
    });
    registerErrorHandling(app);
    const refused = (code: string) =>
      new Error('Failed query', { cause: Object.assign(new Error('refused'), { code }) });
    app.get('/out-of-range', () => Promise.reject(refused('22003')));
    app.get('/broken', () => Promise.reject(refused('XX000')));
    const range = await app.inject('/out-of-range');
    expect(range.statusCode).toBe(400);
    expect(range.json()).toEqual({ status: 400, message: 'A validation error occurred.' });
    expect((await app.inject('/broken')).statusCode).toBe(500);
    await app.close();
  });
});
