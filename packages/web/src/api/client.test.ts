import { describe, expect, it } from 'vitest';
import { mockFetch, reply } from '../test/fetch-mock.ts';
import { ApiError, API_MEDIA_TYPE, apiRequest } from './client.ts';

describe('apiRequest', () => {
  it('sends the csrftoken cookie as X-CSRFToken on a POST', async () => {
    document.cookie = 'csrftoken=secret-123';
    const requests = mockFetch({ 'POST /api/user/tokens': reply(201, { id: '1' }) });

    await apiRequest('/api/user/tokens', { method: 'POST', body: { name: 'ci' } });

    const [request] = requests;
    expect(request?.headers.get('X-CSRFToken')).toBe('secret-123');
    expect(request?.headers.get('Content-Type')).toBe('application/json');
    expect(request?.headers.get('Accept')).toBe(API_MEDIA_TYPE);
    expect(request?.body).toEqual({ name: 'ci' });
  });

  it('sends no CSRF header and no content type on a GET', async () => {
    document.cookie = 'csrftoken=secret-123';
    const requests = mockFetch({ 'GET /api/me': reply(200, { id: '1' }) });

    await expect(apiRequest('/api/me')).resolves.toEqual({ id: '1' });

    const [request] = requests;
    expect(request?.headers.has('X-CSRFToken')).toBe(false);
    expect(request?.headers.has('Content-Type')).toBe(false);
    expect(request?.headers.get('Accept')).toBe(API_MEDIA_TYPE);
    expect(fetch).toHaveBeenCalledWith(
      '/api/me',
      expect.objectContaining({ credentials: 'same-origin' }),
    );
  });

  it('throws an ApiError with the field errors of a 400', async () => {
    const errors = [{ field: 'email', messages: ['Not a valid email address.'] }];
    mockFetch({
      'POST /api/auth/signup': reply(400, {
        status: 400,
        message: 'A validation error occurred.',
        errors,
      }),
    });

    const request = apiRequest('/api/auth/signup', { method: 'POST', body: {} });

    await expect(request).rejects.toBeInstanceOf(ApiError);
    await expect(request).rejects.toMatchObject({
      status: 400,
      message: 'A validation error occurred.',
      errors,
    });
  });

  it('gives undefined for a 204', async () => {
    mockFetch({ 'DELETE /api/user/tokens/7': reply(204) });
    await expect(apiRequest('/api/user/tokens/7', { method: 'DELETE' })).resolves.toBeUndefined();
  });

  it("throws an ApiError without a message when the body is not the API's", async () => {
    mockFetch({ 'GET /api/config': reply(502) });
    await expect(apiRequest('/api/config')).rejects.toMatchObject({ status: 502, message: '' });
  });
});
