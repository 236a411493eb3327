import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, startTestApp, type TestApp } from './harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ env: { ARCA_BODY_LIMIT_BYTES: '1024' } });
});
afterAll(() => t.close());

describe('the error format', () => {
  it('answers an unknown API route with a JSON 404', async () => {
    const response = await t.client().get('/api/no-such-thing');
    expect(response.status).toBe(404);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json).toEqual({
      status: 404,
      message: 'The requested URL was not found on the server.',
    });
  });

  it('answers a wrong method with 405 and the allowed ones', async () => {
    const response = await t.client().request('DELETE', '/api/health');
    expect(response.status).toBe(405);
    expect(response.json).toEqual({
      status: 405,
      message: 'The method is not allowed for the requested URL.',
    });
    expect(response.headers.allow).toContain('GET');
  });

  it('answers malformed JSON with 400 and InvenioRDM message', async () => {
    const response = await t.client().request('POST', '/api/auth/login', { payload: '{"email": ' });
    expect(response.status).toBe(400);
    expect(response.json).toEqual({
      status: 400,
      message: 'Unable to decode JSON data in request body.',
    });
  });

  it('answers a body over the limit with 413', async () => {
    const response = await t
      .client()
      .post('/api/auth/login', { email: 'a@b.c', password: 'x'.repeat(4096) });
    expect(response.status).toBe(413);
    expect(response.json).toEqual({ status: 413, message: 'The request body is too large.' });
  });

  it('answers a body of another media type with 415', async () => {
    const response = await t.client().request('POST', '/api/auth/login', {
      payload: 'email=a',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(response.status).toBe(415);
    expect(response.json.status).toBe(415);
  });

  it('accepts the InvenioRDM vendor JSON media type', async () => {
    const user = await buildUser(t.services);
    const response = await t.client().request('POST', '/api/auth/login', {
      payload: JSON.stringify({ email: user.email, password: 'correct horse battery' }),
      headers: { 'content-type': 'application/vnd.inveniordm.v1+json' },
    });
    expect(response.status).toBe(200);
  });

  it('names bad query parameters', async () => {
    const user = await buildUser(t.services);
    const browser = t.client();
    await browser.login(user.email);
    const response = await browser.get('/api/users?page=0');
    expect(response.status).toBe(400);
    expect(response.json.message).toBe('Invalid querystring parameters.');
    expect(response.json.errors[0].field).toBe('page');
  });

  it('reports health and serves the OpenAPI document', async () => {
    const health = await t.client().get('/api/health');
    expect(health.json).toEqual({ status: 'ok', database: 'ok' });
    const openapi = await t.client().get('/api/docs/json');
    expect(openapi.status).toBe(200);
    expect(openapi.json.openapi).toMatch(/^3\./);
    expect(Object.keys(openapi.json.paths)).toEqual(
      expect.arrayContaining(['/api/auth/login', '/api/user/tokens', '/api/vocabularies/{type}']),
    );
    expect(openapi.json.paths['/api/auth/login'].post.requestBody).toBeDefined();
    expect((await t.client().get('/api/docs')).status).toBe(200);
  });
});
