import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { logOptions, withoutSecrets } from './log-options.ts';

describe('the request log', () => {
  it('replaces secret query parameters and keeps the rest', () => {
    expect(withoutSecrets('/records/abc?token=s3cret&preview=1')).toBe(
      '/records/abc?token=redacted&preview=1',
    );
    expect(withoutSecrets('/me/requests/1?access_request_token=t')).toBe(
      '/me/requests/1?access_request_token=redacted',
    );
    expect(withoutSecrets('/api/records?q=token')).toBe('/api/records?q=token');
    expect(withoutSecrets('/api/records')).toBe('/api/records');
  });

  it('holds no token, cookie, bearer token or password of the requests it logs', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const app = Fastify({ logger: { ...logOptions('info'), stream } });
    app.post('/api/auth/login', () => ({ ok: true }));
    app.get('/records/:id', () => ({ ok: true }));
    await app.inject({
      method: 'GET',
      url: '/records/abc?token=link-secret-123',
      headers: { authorization: 'Bearer api-secret-456', cookie: 'session=cookie-secret-789' },
    });
    await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'a@b.c', password: 'password-secret-000' },
    });
    await app.close();
    const log = lines.join('');
    expect(log).toContain('/records/abc?token=redacted');
    for (const secret of ['link-secret', 'api-secret', 'cookie-secret', 'password-secret'])
      expect(log).not.toContain(secret);
  });
});
