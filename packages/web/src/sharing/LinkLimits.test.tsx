import { configure, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SecretLink } from '../api/sharing.ts';
import { renderWithProviders } from '../deposit/test-providers.tsx';
import { mockFetch, reply } from '../test/fetch-mock.ts';
import { siteConfig } from '../test/fixtures.ts';
import { buildRecord } from '../test/records.ts';
import { LinkForm } from './LinkForm.tsx';
import { LinkLimitsEditor } from './LinkLimitsEditor.tsx';
import { LinkUsage } from './LinkUsage.tsx';

configure({ asyncUtilTimeout: 5000 });
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const api = '/api/records/abcde-12345/access/links';
const base = buildRecord();
const record = buildRecord({
  links: { ...base.links, access_links: `http://localhost:5000${api}` },
});

const link: SecretLink = {
  id: 'l1',
  created_at: '2026-01-10T09:00:00+00:00',
  expires_at: null,
  permission: 'view',
  description: 'For reviewers',
  token: 'tok123',
  max_uses: 20,
  max_downloads: null,
  one_visitor: true,
  notify_first_use: false,
  usage: { uses: 14, downloads: 2, visitors: 3, last_used_at: '2026-05-01T10:00:00+00:00' },
};

describe('link limits', () => {
  it('sends the caps and options set in the form, none when left empty', async () => {
    const requests = mockFetch({
      'GET /api/config': reply(200, siteConfig),
      [`POST ${api}`]: reply(201, link),
    });
    const { user } = renderWithProviders(<LinkForm record={record} />);
    await user.type(await screen.findByLabelText('Maximum uses'), '20');
    await user.click(screen.getByLabelText(/First browser only/));
    await user.click(screen.getByLabelText('Mail me on first use'));
    await user.click(screen.getByRole('button', { name: 'Get a link' }));
    // A created link clears the form for the next one.
    await waitFor(() => expect(screen.getByLabelText('Maximum uses')).toHaveValue(''));
    expect(screen.getByLabelText(/First browser only/)).not.toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Get a link' }));
    await waitFor(() =>
      expect(requests.filter((r) => r.method === 'POST').map((r) => r.body)).toEqual([
        { permission: 'view', max_uses: 20, one_visitor: true, notify_first_use: true },
        { permission: 'view' },
      ]),
    );
  });

  it('shows usage with the last use in relative time, and the caps', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-05-02T12:00:00Z') });
    mockFetch({ 'GET /api/config': reply(200, siteConfig) });
    renderWithProviders(<LinkUsage link={link} />);
    expect(await screen.findByTestId('link-usage')).toHaveTextContent(
      'Uses: 14 · Downloads: 2 · Visitors: about 3 · Last use: yesterday',
    );
    expect(screen.getByTestId('link-caps')).toHaveTextContent('Maximum uses: 14 of 20');
    expect(screen.getByTestId('link-caps')).toHaveTextContent('First browser only');
    expect(screen.queryByText('Limit reached')).toBeNull();
  });

  it('says when a link is used up, and when it was never used', async () => {
    mockFetch({ 'GET /api/config': reply(200, siteConfig) });
    const spent = { uses: 20, downloads: 0, visitors: 1, last_used_at: null };
    renderWithProviders(<LinkUsage link={{ ...link, usage: spent }} />);
    expect(await screen.findByText('Limit reached')).toBeInTheDocument();
    expect(screen.getByTestId('link-usage')).toHaveTextContent('Not used yet');
  });

  it('changes the limits of an existing link, an emptied cap as none', async () => {
    const requests = mockFetch({
      'GET /api/config': reply(200, siteConfig),
      [`PATCH ${api}/l1`]: reply(200, link),
    });
    const { user } = renderWithProviders(
      <LinkLimitsEditor record={record} link={link} id="l1" name="For reviewers" />,
    );
    await user.click(await screen.findByRole('button', { name: 'Limits of For reviewers' }));
    const uses = await screen.findByLabelText('Maximum uses');
    expect(uses).toHaveValue('20');
    await user.clear(uses);
    await user.type(screen.getByLabelText('Maximum downloads'), '5');
    await user.click(screen.getByRole('button', { name: 'Save limits' }));
    await waitFor(() =>
      expect(requests.filter((r) => r.method === 'PATCH').map((r) => r.body)).toEqual([
        { max_uses: null, max_downloads: 5, one_visitor: true, notify_first_use: false },
      ]),
    );
  });
});
