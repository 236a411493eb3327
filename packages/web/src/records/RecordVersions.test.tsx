import { configure, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch, reply } from '../test/fetch-mock.ts';
import { anonymous, siteConfig } from '../test/fixtures.ts';
import { buildRecord, hitsOf } from '../test/records.ts';
import { renderApp } from '../test/render-app.tsx';

configure({ asyncUtilTimeout: 5000 });

// Two published versions of one record: v1 (older) and v2 (the latest).
const parent = {
  id: 'parnt-00001',
  access: { owned_by: { user: '1' } },
  communities: {},
  pids: { doi: { identifier: '10.1234/arca.concept', provider: 'managed' } },
};
const older = buildRecord({
  id: 'older-00001',
  versions: { index: 1, is_latest: false },
  metadata: { ...buildRecord().metadata, title: 'Soil moisture', version: 'v1' },
  parent,
});
const latest = buildRecord({
  id: 'newer-00002',
  versions: { index: 2, is_latest: true },
  metadata: { ...buildRecord().metadata, title: 'Soil moisture', version: 'v2' },
  parent,
});
const versions = reply(200, hitsOf([latest, older]));

function api() {
  return {
    'GET /api/config': reply(200, siteConfig),
    'GET /api/me': anonymous,
    [`GET /api/records/${older.id}`]: reply(200, older),
    [`GET /api/records/${latest.id}`]: reply(200, latest),
    [`GET /api/records/${older.id}/versions`]: versions,
    [`GET /api/records/${latest.id}/versions`]: versions,
  };
}

describe('versions on the record page', () => {
  it('tells a reader of an older version that a newer one exists, and links to it', async () => {
    mockFetch(api());
    renderApp(`/records/${older.id}`);
    const banner = await screen.findByTestId('newer-version');
    expect(banner).toHaveTextContent('A newer version exists');
    expect(
      await within(banner).findByRole('link', { name: 'View the latest version' }),
    ).toHaveAttribute('href', `/records/${latest.id}`);
    // The list of versions marks the one shown.
    expect(screen.getByText('Version v1')).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Version v2' })).toHaveAttribute(
      'href',
      `/records/${latest.id}`,
    );
  });

  it('shows no banner on the latest version', async () => {
    mockFetch(api());
    renderApp(`/records/${latest.id}`);
    expect(await screen.findByText('Version v2')).toHaveAttribute('aria-current', 'page');
    expect(screen.queryByTestId('newer-version')).not.toBeInTheDocument();
  });

  it('offers to cite all versions with the concept DOI, and only when there is one', async () => {
    mockFetch(api());
    renderApp(`/records/${latest.id}`);
    const all = await screen.findByTestId('cite-all-versions');
    expect(all).toHaveTextContent('Cite all versions');
    expect(within(all).getByRole('link', { name: '10.1234/arca.concept' })).toHaveAttribute(
      'href',
      'https://doi.org/10.1234/arca.concept',
    );
  });

  it('has no "Cite all versions" without a concept DOI', async () => {
    const plain = buildRecord();
    mockFetch({
      'GET /api/config': reply(200, siteConfig),
      'GET /api/me': anonymous,
      [`GET /api/records/${plain.id}`]: reply(200, plain),
      [`GET /api/records/${plain.id}/versions`]: reply(200, hitsOf([plain])),
    });
    renderApp(`/records/${plain.id}`);
    expect(await screen.findByRole('region', { name: 'Citation' })).toBeInTheDocument();
    expect(screen.queryByTestId('cite-all-versions')).not.toBeInTheDocument();
  });
});
