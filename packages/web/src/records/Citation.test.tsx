import { configure, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch, reply, textReply, type RecordedRequest } from '../test/fetch-mock.ts';
import { anonymous, siteConfig } from '../test/fixtures.ts';
import { buildRecord, hitsOf } from '../test/records.ts';
import { renderApp } from '../test/render-app.tsx';

// The first find waits for the page's code to load, which a busy machine slows down.
configure({ asyncUtilTimeout: 15_000 });

const record = buildRecord({
  pids: { doi: { identifier: '10.1234/arca.42', provider: 'managed' } },
  metadata: { title: 'Glacier melt model outputs', publication_date: '2026-03-15' },
  parent: {
    id: 'parnt-00001',
    access: { owned_by: { user: '1' } },
    communities: {},
    pids: { doi: { identifier: '10.1234/arca.all', provider: 'managed' } },
  },
});

const styles = [
  { id: 'apa', title: 'American Psychological Association 7th edition', title_short: 'APA' },
  { id: 'ieee', title: 'IEEE' },
  { id: 'nature', title: 'Nature' },
];

/** The server's formatting, faked: the style and locale asked for, as the text. */
function citation(request: RecordedRequest) {
  const params = new URL(request.path, 'http://x').searchParams;
  if (request.headers.get('Accept') !== 'text/x-bibliography') return reply(200, record);
  const what = params.get('allversions') === 'true' ? 'All versions cited' : 'Cited';
  return textReply(
    200,
    `${what} in ${params.get('style')}, ${params.get('locale')}`,
    'text/x-bibliography',
  );
}

function api() {
  return {
    'GET /api/config': reply(200, siteConfig),
    'GET /api/me': anonymous,
    [`GET /api/records/${record.id}`]: citation,
    [`GET /api/records/${record.id}/versions`]: reply(200, hitsOf([record])),
    'GET /api/citation-styles': (request: RecordedRequest) => {
      const q = new URL(request.path, 'http://x').searchParams.get('q') ?? '';
      const hits = styles.filter((style) => style.title.toLowerCase().includes(q));
      return reply(200, { hits: { hits, total: hits.length }, links: {} });
    },
    'GET /api/citation-styles/apa': reply(200, styles[0]),
  };
}

describe('the citation box', () => {
  it('shows the server-formatted citation and changes style and language', async () => {
    const requests = mockFetch(api());
    const { user } = renderApp(`/records/${record.id}`);

    expect(await screen.findByTestId('citation')).toHaveTextContent('Cited in apa, en-US');
    const box = screen.getByRole('region', { name: 'Citation' });

    await user.click(within(box).getByRole('combobox', { name: 'Citation style' }));
    await user.clear(within(box).getByRole('combobox', { name: 'Citation style' }));
    await user.type(within(box).getByRole('combobox', { name: 'Citation style' }), 'ieee');
    // The picker searches on the server as the reader types.
    await waitFor(() =>
      expect(
        requests.some((request) => /^\/api\/citation-styles\?(.*&)?q=ieee/.test(request.path)),
      ).toBe(true),
    );
    await user.click(await screen.findByRole('option', { name: 'IEEE' }));
    expect(await screen.findByText('Cited in ieee, en-US')).toBeInTheDocument();

    await user.click(within(box).getByRole('combobox', { name: 'Language' }));
    await user.click(await screen.findByRole('option', { name: 'Deutsch' }));
    expect(await screen.findByText('Cited in ieee, de-DE')).toBeInTheDocument();

    await user.click(within(box).getByRole('button', { name: 'Copy citation' }));
    expect(await navigator.clipboard.readText()).toBe('Cited in ieee, de-DE');
    expect(within(box).getByRole('button', { name: 'Copied' })).toBeInTheDocument();
  });

  it('lists every export format as a download, and cites all versions by the concept DOI', async () => {
    mockFetch(api());
    const { user } = renderApp(`/records/${record.id}`);
    const box = await screen.findByRole('region', { name: 'Citation' });

    await user.click(within(box).getByRole('button', { name: 'Export' }));
    const formats = [
      'json',
      'csl',
      'datacite-json',
      'datacite-xml',
      'dublincore',
      'marcxml',
      'bibtex',
      'dcat-ap',
      'geojson',
      'linkset',
      'json-ld',
    ];
    const items = await screen.findAllByRole('menuitem');
    expect(items.map((item) => item.getAttribute('href'))).toEqual(
      formats.map((format) => `/records/${record.id}/export/${format}`),
    );
    expect(screen.getByRole('menuitem', { name: 'DataCite XML' })).toHaveAttribute('download');

    const allVersions = within(box).getByTestId('cite-all-versions');
    expect(within(allVersions).getByRole('link', { name: '10.1234/arca.all' })).toHaveAttribute(
      'href',
      'https://doi.org/10.1234/arca.all',
    );
    // A whole citation by the concept DOI, in the style picked above, with its own copy button.
    expect(await within(allVersions).findByTestId('concept-citation')).toHaveTextContent(
      'All versions cited in apa, en-US',
    );
    await user.keyboard('{Escape}');
    await user.click(
      within(allVersions).getByRole('button', { name: 'Copy citation of all versions' }),
    );
    expect(await navigator.clipboard.readText()).toBe('All versions cited in apa, en-US');
  });

  it('offers no DataCite XML for a record without a DOI', async () => {
    const plain = buildRecord({ id: 'plain-00001' });
    mockFetch({
      ...api(),
      [`GET /api/records/${plain.id}`]: reply(200, plain),
      [`GET /api/records/${plain.id}/versions`]: reply(200, hitsOf([plain])),
    });
    const { user } = renderApp(`/records/${plain.id}`);
    const box = await screen.findByRole('region', { name: 'Citation' });
    await user.click(within(box).getByRole('button', { name: 'Export' }));
    const labels = (await screen.findAllByRole('menuitem')).map((item) => item.textContent);
    expect(labels).toContain('DataCite JSON');
    expect(labels).not.toContain('DataCite XML');
  });

  it('says so when the citation cannot be formatted', async () => {
    mockFetch({
      ...api(),
      [`GET /api/records/${record.id}`]: (request: RecordedRequest) =>
        request.headers.get('Accept') === 'text/x-bibliography'
          ? reply(400, { status: 400, message: 'Invalid querystring parameters.' })
          : reply(200, record),
    });
    renderApp(`/records/${record.id}`);
    expect(await screen.findByText('The citation could not be formatted.')).toBeInTheDocument();
  });
});
