import type { TokenItem } from '@arca/schema';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch, reply, type RecordedRequest } from '../test/fetch-mock.ts';
import { anonymous, buildUser, siteConfig } from '../test/fixtures.ts';
import { renderApp } from '../test/render-app.tsx';

const ciToken: TokenItem = {
  id: '7',
  name: 'ci',
  created: '2025-03-01T09:30:00Z',
  last_used: null,
};

/** A tokens API backed by a list, as the server would answer it. */
function tokensApi(initial: TokenItem[]) {
  let tokens = [...initial];
  return {
    'GET /api/config': reply(200, siteConfig),
    'GET /api/me': reply(200, buildUser()),
    'GET /api/user/tokens': () => reply(200, { hits: { hits: tokens, total: tokens.length } }),
    'POST /api/user/tokens': (request: RecordedRequest) => {
      const { name } = request.body as { name: string };
      const created = { ...ciToken, id: '8', name };
      tokens = [...tokens, created];
      return reply(201, { ...created, token: 'arca_s3cr3t' });
    },
    'DELETE /api/user/tokens/7': () => {
      tokens = tokens.filter((token) => token.id !== '7');
      return reply(204);
    },
  };
}

describe('TokensPage', () => {
  it('creates a token and shows its secret once', async () => {
    mockFetch(tokensApi([]));
    const { user } = renderApp('/me/settings/tokens');

    expect(await screen.findByText('You have no access tokens yet.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Token name'), 'laptop script');
    await user.click(screen.getByRole('button', { name: 'Create token' }));

    const secret = await screen.findByLabelText('Token');
    expect(secret).toHaveValue('arca_s3cr3t');
    expect(secret).toHaveAttribute('readonly');
    expect(screen.getByText('Copy the token now: it will not be shown again.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copy' })).toBeInTheDocument();
    const list = await screen.findByRole('table', { name: 'Your access tokens' });
    expect(within(list).getByText('laptop script')).toBeInTheDocument();
    expect(within(list).queryByText('arca_s3cr3t')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByLabelText('Token')).not.toBeInTheDocument();
    expect(screen.queryByDisplayValue('arca_s3cr3t')).not.toBeInTheDocument();
  });

  it('asks for a name before creating a token', async () => {
    const requests = mockFetch(tokensApi([]));
    const { user } = renderApp('/me/settings/tokens');

    await user.click(await screen.findByRole('button', { name: 'Create token' }));

    expect(await screen.findByText('Missing data for required field.')).toBeInTheDocument();
    expect(requests.some((request) => request.method === 'POST')).toBe(false);
  });

  it('revokes a token after confirmation', async () => {
    const requests = mockFetch(tokensApi([ciToken]));
    const { user } = renderApp('/me/settings/tokens');

    const row = (await screen.findByRole('cell', { name: 'ci' })).closest('tr');
    expect(row).not.toBeNull();
    expect(within(row as HTMLElement).getByText('Never')).toBeInTheDocument();
    await user.click(within(row as HTMLElement).getByRole('button', { name: 'Revoke' }));

    const dialog = await screen.findByRole('dialog', { name: 'Revoke token' });
    expect(dialog).toHaveTextContent(
      'Revoke the token "ci"? Scripts that use it will stop working.',
    );
    expect(within(dialog).getByRole('button', { name: 'Close' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Revoke' }));

    expect(await screen.findByText('You have no access tokens yet.')).toBeInTheDocument();
    expect(await screen.findByText('The token "ci" has been revoked.')).toBeInTheDocument();
    expect(requests.filter((request) => request.method === 'DELETE')).toHaveLength(1);
  });

  it('sends an anonymous visitor to log in first', async () => {
    mockFetch({ 'GET /api/config': reply(200, siteConfig), 'GET /api/me': anonymous });
    const { router } = renderApp('/me/settings/tokens');

    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toBe('?next=%2Fme%2Fsettings%2Ftokens');
  });
});
