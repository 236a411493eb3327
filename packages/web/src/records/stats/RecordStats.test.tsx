import { configure, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch, reply } from '../../test/fetch-mock.ts';
import { anonymous, siteConfig } from '../../test/fixtures.ts';
import { buildRecord, hitsOf } from '../../test/records.ts';
import { renderApp } from '../../test/render-app.tsx';

configure({ asyncUtilTimeout: 5000 });

const counts = (views: number, downloads: number, bytes: number) => ({
  views: views + 3,
  unique_views: views,
  downloads: downloads + 2,
  unique_downloads: downloads,
  data_volume: bytes,
});
const record = buildRecord({
  id: 'stats-00001',
  stats: { this_version: counts(12, 3, 1_500_000), all_versions: counts(40, 9, 4_500_000) },
});
const month = (m: string, views: number, downloads: number) => ({
  month: m,
  this_version: counts(views, downloads, 0),
  all_versions: counts(views, downloads, 0),
});

describe('statistics on the record page', () => {
  it('shows unique views and downloads of this version and all versions, and the months', async () => {
    mockFetch({
      'GET /api/config': reply(200, siteConfig),
      'GET /api/me': anonymous,
      [`GET /api/records/${record.id}`]: reply(200, record),
      [`GET /api/records/${record.id}/versions`]: reply(200, hitsOf([record])),
      [`GET /api/records/${record.id}/stats`]: reply(200, {
        months: [month('2026-10', 5, 1), month('2026-11', 7, 2)],
      }),
    });
    renderApp(`/records/${record.id}`);
    const section = await screen.findByRole('region', { name: 'Statistics' });
    const views = within(section).getByRole('row', { name: /Views/ });
    expect(views).toHaveTextContent('1240');
    expect(within(section).getByRole('row', { name: /Data volume/ })).toHaveTextContent(
      '1.5 MB4.5 MB',
    );
    const bars = await within(section).findAllByRole('listitem');
    expect(bars.map((bar) => bar.getAttribute('aria-label'))).toEqual([
      'Oct 2026: views 5, downloads 1',
      'Nov 2026: views 7, downloads 2',
    ]);
    // Only who manages the record exports its statistics.
    expect(within(section).queryByRole('link', { name: /CSV/ })).toBeNull();
  });
});
