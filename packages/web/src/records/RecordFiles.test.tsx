import { configure, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, reply } from '../test/fetch-mock.ts';
import { anonymous, siteConfig } from '../test/fixtures.ts';
import { buildRecord, hitsOf } from '../test/records.ts';
import { renderApp } from '../test/render-app.tsx';

configure({ asyncUtilTimeout: 5000 });
afterEach(() => vi.unstubAllGlobals());

const site = 'http://localhost:5000/api/records/abcde-12345';
const withFiles = buildRecord({
  files: { enabled: true },
  ui: { permissions: { can_read_files: true } },
  links: { ...buildRecord().links, archive: `${site}/files-archive` },
  metadata: {
    ...buildRecord().metadata,
    rights: [
      {
        id: 'custom',
        title: { en: 'Own licence' },
        description: { en: `See ${'x'.repeat(300)}` },
      },
    ],
  },
});

function api(path = '') {
  return {
    'GET /api/config': reply(200, siteConfig),
    'GET /api/me': anonymous,
    'GET /api/records/abcde-12345': reply(200, withFiles),
    'GET /api/records/abcde-12345/versions': reply(200, hitsOf([withFiles])),
    [`GET /api/records/abcde-12345/files${path}`]: reply(200, {
      enabled: true,
      entries: [
        {
          key: 'readings.csv',
          size: 377,
          mimetype: 'application/octet-stream',
          checksum: 'md5:00',
          links: { content: `${site}/files/readings.csv/content` },
        },
      ],
    }),
  };
}

describe('the files of a record', () => {
  it('offer every file in one zip ("Download all") and write 377 bytes in words', async () => {
    mockFetch(api());
    renderApp('/records/abcde-12345');
    expect(await screen.findByRole('link', { name: 'Download all' })).toHaveAttribute(
      'href',
      '/api/records/abcde-12345/files-archive',
    );
    expect(screen.getByText('377 bytes')).toBeInTheDocument();
  });

  it('carry the secret link token on the zip too', async () => {
    mockFetch(api());
    renderApp('/records/abcde-12345?token=tok');
    expect(await screen.findByRole('link', { name: 'Download all' })).toHaveAttribute(
      'href',
      '/api/records/abcde-12345/files-archive?token=tok',
    );
  });
});

describe('long words on the record page', () => {
  it('are wrapped anywhere rather than widening the page', async () => {
    mockFetch(api());
    renderApp('/records/abcde-12345');
    const description = await screen.findByText(/^See x+$/);
    // jsdom lays nothing out: the browser test measures the width; here, the rule is there.
    const page = description.closest<HTMLElement>('[style*="overflow-wrap"]');
    expect(page?.style.overflowWrap).toBe('anywhere');
  });
});

describe('licences on the record page', () => {
  it('show the title and description the server words in the interface language', async () => {
    const licensed = buildRecord({
      metadata: {
        ...buildRecord().metadata,
        rights: [
          {
            id: 'cc-by-4.0',
            title: { en: 'Creative Commons Attribution 4.0 International' },
            description: { en: 'The Creative Commons Attribution license.' },
            props: { url: 'https://creativecommons.org/licenses/by/4.0/legalcode' },
          },
        ],
      },
      ui: {
        permissions: {},
        rights: [
          {
            id: 'cc-by-4.0',
            title_l10n: 'Creative Commons Namensnennung 4.0 International',
            description_l10n: 'Die Creative-Commons-Lizenz Namensnennung.',
          },
        ],
      },
    });
    mockFetch({
      'GET /api/config': reply(200, siteConfig),
      'GET /api/me': anonymous,
      'GET /api/records/abcde-12345': reply(200, licensed),
      'GET /api/records/abcde-12345/versions': reply(200, hitsOf([licensed])),
    });
    renderApp('/records/abcde-12345');
    expect(
      await screen.findByRole('link', {
        name: 'Creative Commons Namensnennung 4.0 International',
      }),
    ).toHaveAttribute('href', 'https://creativecommons.org/licenses/by/4.0/legalcode');
    expect(screen.getByText('Die Creative-Commons-Lizenz Namensnennung.')).toBeInTheDocument();
  });
});
