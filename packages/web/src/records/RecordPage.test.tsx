import { configure, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockFetch, reply, textReply } from '../test/fetch-mock.ts';
import { anonymous, buildUser, siteConfig } from '../test/fixtures.ts';
import { buildRecord, hitsOf } from '../test/records.ts';
import { renderApp } from '../test/render-app.tsx';

// The first find waits for the page's code to load, which a busy machine slows down.
configure({ asyncUtilTimeout: 5000 });

const fullRecord = buildRecord({
  pids: { doi: { identifier: '10.1234/arca.42', provider: 'managed' } },
  metadata: {
    title: 'Glacier melt model outputs',
    publication_date: '2026-03-15',
    resource_type: { id: 'dataset', title: { en: 'Dataset' } },
    version: 'v2',
    publisher: 'Arca demo',
    creators: [
      {
        person_or_org: {
          type: 'personal',
          family_name: 'Baker',
          given_name: 'Bob',
          identifiers: [
            { scheme: 'orcid', identifier: '0000-0002-1825-0097' },
            { scheme: 'gnd', identifier: '118540238' },
          ],
        },
        affiliations: [{ id: '01ggx4157', name: 'CERN' }],
      },
    ],
    description:
      '<p>Outputs <b>of the model</b>.</p><img src="x" onerror="window.hacked=1"><script>window.hacked=2</script>',
    rights: [
      {
        id: 'cc-by-4.0',
        title: { en: 'Creative Commons Attribution 4.0 International' },
        props: { url: 'https://creativecommons.org/licenses/by/4.0/legalcode' },
      },
    ],
    subjects: [{ subject: 'glaciology' }],
    related_identifiers: [
      {
        scheme: 'doi',
        identifier: '10.5555/article',
        relation_type: { id: 'issupplementto', title: { en: 'Is supplement to' } },
      },
    ],
    funding: [{ funder: { name: 'European Commission' }, award: { number: '101000001' } }],
  },
  access: {
    record: 'public',
    files: 'restricted',
    embargo: { active: true, until: '2027-01-01', reason: 'Until the article is out.' },
    status: 'embargoed',
  },
  parent: {
    id: 'parnt-00001',
    access: { owned_by: { user: '1' } },
    communities: { entries: [{ id: 'c1', slug: 'glaciology', metadata: { title: 'Glaciology' } }] },
    pids: {},
  },
});

// DOIs registered at DataCite link to the resolver.
const registeringSite = {
  ...siteConfig,
  deposit: { ...siteConfig.deposit, doi_registration: 'datacite' },
};

function api(record = fullRecord, user: ReturnType<typeof buildUser> | null = null) {
  return {
    'GET /api/config': reply(200, registeringSite),
    'GET /api/me': user ? reply(200, user) : anonymous,
    [`GET /api/records/${record.id}`]: reply(200, record),
    [`GET /api/records/${record.id}?style=apa&locale=en-US`]: textReply(
      200,
      'Baker, B. (2026). Glacier melt model outputs (Version v2) [Dataset]. Arca demo.',
    ),
    'GET /api/citation-styles': reply(200, hitsOf([])),
    [`GET /api/records/${record.id}/versions`]: reply(
      200,
      hitsOf([
        record,
        buildRecord({ id: 'older-00001', metadata: { ...record.metadata, version: 'v1' } }),
      ]),
    ),
  };
}

describe('RecordPage', () => {
  it('shows the metadata, with creators linking to a search and to their profiles', async () => {
    mockFetch(api());
    renderApp(`/records/${fullRecord.id}`);

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Glacier melt model outputs' }),
    ).toBeInTheDocument();
    await expect
      .poll(() => document.title, { timeout: 5000 })
      .toBe('Glacier melt model outputs | Arca Test');
    const creators = screen.getByRole('list', { name: 'Creators' });
    expect(within(creators).getByRole('link', { name: 'Baker, Bob' })).toHaveAttribute(
      'href',
      `/search?q=${encodeURIComponent('metadata.creators.person_or_org.name:"Baker, Bob"').replace(/%20/g, '+')}`,
    );
    expect(
      within(creators).getByRole('link', { name: 'ORCID profile of Baker, Bob' }),
    ).toHaveAttribute('href', 'https://orcid.org/0000-0002-1825-0097');
    expect(
      within(creators).getByRole('link', { name: 'GND profile of Baker, Bob' }),
    ).toHaveAttribute('href', 'https://d-nb.info/gnd/118540238');
    expect(within(creators).getByRole('link', { name: 'ROR profile of CERN' })).toHaveAttribute(
      'href',
      'https://ror.org/01ggx4157',
    );

    expect(
      screen.getByText('Published March 15, 2026 · Last updated February 1, 2026'),
    ).toBeInTheDocument();
    expect(
      screen.getByText('The files of this record are under embargo until 2027-01-01.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Reason: Until the article is out.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'DOI 10.1234/arca.42' })).toHaveAttribute(
      'href',
      'https://doi.org/10.1234/arca.42',
    );
    expect(
      screen.getByRole('link', { name: 'Creative Commons Attribution 4.0 International' }),
    ).toHaveAttribute('href', 'https://creativecommons.org/licenses/by/4.0/legalcode');
    expect(screen.getByText('glaciology')).toBeInTheDocument();
    expect(screen.getByText('Is supplement to')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '10.5555/article' })).toHaveAttribute(
      'href',
      'https://doi.org/10.5555/article',
    );
    expect(screen.getByText('European Commission: 101000001')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Glaciology' })).toHaveAttribute(
      'href',
      '/communities/glaciology',
    );
    expect(await screen.findByRole('link', { name: 'Version v1' })).toHaveAttribute(
      'href',
      '/records/older-00001',
    );
    expect(screen.getByText('Version v2')).toHaveAttribute('aria-current', 'page');
    // The server formats the citation (text/x-bibliography), in APA by default.
    expect(await screen.findByTestId('citation')).toHaveTextContent(
      'Baker, B. (2026). Glacier melt model outputs (Version v2) [Dataset]. Arca demo.',
    );
  });

  it('shows a local DOI unlinked, saying it is not registered, where the site registers none', async () => {
    mockFetch({ ...api(), 'GET /api/config': reply(200, siteConfig) });
    renderApp(`/records/${fullRecord.id}`);
    expect(
      await screen.findByText('Local DOI, not registered: it does not resolve.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'DOI 10.1234/arca.42' })).not.toBeInTheDocument();
  });

  it('sanitises the description', async () => {
    mockFetch(api());
    renderApp(`/records/${fullRecord.id}`);

    const description = await screen.findByRole('region', { name: 'Description' });
    expect(within(description).getByText('of the model').tagName).toBe('B');
    expect(description.innerHTML).not.toContain('onerror');
    expect(description.innerHTML).not.toContain('<script');
    expect((window as { hacked?: number }).hacked).toBeUndefined();
  });

  it('shows no Edit or New version to a reader without permissions, nor the restricted files', async () => {
    mockFetch(api({ ...fullRecord, files: { enabled: true }, ui: { permissions: {} } }));
    renderApp(`/records/${fullRecord.id}`);

    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'New version' })).not.toBeInTheDocument();
    expect(
      screen.getByText('The files of this record are restricted: you do not have access to them.'),
    ).toBeInTheDocument();
  });

  it('opens the edit draft, then the editor, for those who may edit', async () => {
    const record = {
      ...fullRecord,
      ui: { permissions: { can_edit: true, can_new_version: true, can_manage: true } },
    };
    const requests = mockFetch({
      ...api(record, buildUser()),
      [`POST /api/records/${record.id}/draft`]: reply(201, { ...record, is_draft: true }),
      'GET /uploads/abcde-12345': reply(200, {}),
    });
    const { user, router } = renderApp(`/records/${record.id}`);

    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    await expect
      .poll(() => router.state.location.pathname, { timeout: 5000 })
      .toBe(`/uploads/${record.id}`);
    expect(
      requests.some((r) => r.method === 'POST' && r.path === `/api/records/${record.id}/draft`),
    ).toBe(true);
  });

  it('creates a new version and goes to its draft page', async () => {
    const record = {
      ...fullRecord,
      ui: { permissions: { can_edit: true, can_new_version: true } },
    };
    mockFetch({
      ...api(record, buildUser()),
      [`POST /api/records/${record.id}/versions`]: reply(201, {
        ...buildRecord({ id: 'newvr-00002', is_draft: true, is_published: false }),
        links: { self_html: 'http://localhost:5000/uploads/newvr-00002' },
      }),
    });
    const { user, router } = renderApp(`/records/${record.id}`);

    await user.click(await screen.findByRole('button', { name: 'New version' }));
    await expect
      .poll(() => router.state.location.pathname, { timeout: 5000 })
      .toBe('/uploads/newvr-00002');
  });

  it('disables New version, with its tooltip, without the permission', async () => {
    const record = {
      ...fullRecord,
      ui: { permissions: { can_edit: true, can_new_version: false } },
    };
    const requests = mockFetch(api(record, buildUser()));
    const { user } = renderApp(`/records/${record.id}`);

    const button = await screen.findByRole('button', { name: 'New version' });
    expect(button).toHaveAttribute('aria-disabled', 'true');
    await user.hover(button);
    expect(
      await screen.findByText("You don't have permissions to create a new version."),
    ).toBeInTheDocument();
    await user.click(button);
    expect(requests.some((r) => r.path.endsWith('/versions') && r.method === 'POST')).toBe(false);
  });

  it('previews a draft under a banner, passing the secret link token on', async () => {
    const draft = buildRecord({
      is_draft: true,
      is_published: false,
      status: 'draft',
      metadata: { ...fullRecord.metadata, title: 'Draft in progress' },
      links: { self: 'http://localhost:5000/api/records/abcde-12345/draft' },
    });
    const requests = mockFetch({
      'GET /api/config': reply(200, siteConfig),
      'GET /api/me': anonymous,
      'GET /api/records/abcde-12345/draft': reply(200, draft),
    });
    renderApp('/records/abcde-12345?preview=1&token=s3cret');

    expect(await screen.findByRole('heading', { name: 'Draft in progress' })).toBeInTheDocument();
    expect(
      screen.getByText('You are previewing a draft. What you see is not published yet.'),
    ).toBeInTheDocument();
    expect(requests.map((r) => r.path)).toContain(
      '/api/records/abcde-12345/draft?expand=1&token=s3cret',
    );
    expect(
      screen.getByText('Not published yet · Last updated February 1, 2026'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Citation' })).not.toBeInTheDocument();
  });

  it('lists the files with sizes and checksums, and previews a CSV file', async () => {
    const record = buildRecord({
      files: { enabled: true },
      ui: { permissions: { can_read_files: true } },
    });
    const content = 'http://localhost:5000/api/records/abcde-12345/files/readings.csv/content';
    mockFetch({
      ...api(record),
      'GET /api/records/abcde-12345/files': reply(200, {
        enabled: true,
        entries: [
          {
            key: 'readings.csv',
            size: 1_500_000,
            mimetype: 'text/csv',
            checksum: 'md5:1f3870be274f6c49b3e31a0c6728957f',
            links: { content },
          },
          {
            key: 'archive.zip',
            size: 2_000,
            mimetype: 'application/zip',
            checksum: 'md5:00',
            links: { content: content.replace('readings.csv', 'archive.zip') },
          },
        ],
      }),
    });
    // The CSV preview reads the file itself, as text.
    const apiFetch = globalThis.fetch.bind(globalThis);
    vi.stubGlobal('fetch', (input: string, init?: RequestInit) =>
      input.endsWith('readings.csv/content')
        ? Promise.resolve(new Response('station,moisture\nA,0.31\nB,0.27\n'))
        : apiFetch(input, init),
    );

    renderApp(`/records/${record.id}`);

    const files = await screen.findByRole('table', { name: 'Files of the record' });
    expect(within(files).getByText('1.5 MB')).toBeInTheDocument();
    expect(within(files).getByText('md5:1f3870be274f6c49b3e31a0c6728957f')).toBeInTheDocument();
    expect(within(files).getByRole('link', { name: 'Download readings.csv' })).toHaveAttribute(
      'href',
      '/api/records/abcde-12345/files/readings.csv/content',
    );
    expect(within(files).queryByRole('button', { name: 'Preview archive.zip' })).toBeNull();
    const preview = await screen.findByRole('table', { name: 'readings.csv' });
    expect(within(preview).getByRole('columnheader', { name: 'moisture' })).toBeInTheDocument();
    expect(within(preview).getByRole('cell', { name: '0.27' })).toBeInTheDocument();
  });

  it('shows no files, rather than an error, when the files listing does not exist', async () => {
    const record = buildRecord({
      files: { enabled: true },
      ui: { permissions: { can_read_files: true } },
    });
    mockFetch(api(record));
    renderApp(`/records/${record.id}`);
    expect(await screen.findByText('No files have been uploaded yet.')).toBeInTheDocument();
  });

  it('shows the server message for a record it may not read', async () => {
    mockFetch({
      'GET /api/config': reply(200, siteConfig),
      'GET /api/me': anonymous,
      'GET /api/records/secret-00001': reply(403, { status: 403, message: 'Permission denied.' }),
    });
    renderApp('/records/secret-00001');
    expect(await screen.findByRole('alert')).toHaveTextContent('Permission denied.');
  });
});
