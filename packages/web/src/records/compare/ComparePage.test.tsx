import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { VersionDiff } from '../../api/version-diff.ts';
import { mockFetch, reply } from '../../test/fetch-mock.ts';
import { anonymous, siteConfig } from '../../test/fixtures.ts';
import { buildRecord, hitsOf } from '../../test/records.ts';
import { renderApp } from '../../test/render-app.tsx';

configure({ asyncUtilTimeout: 5000 });

const parent = {
  id: 'parnt-00001',
  access: { owned_by: { user: '1' } },
  communities: {},
  pids: {},
};
const older = buildRecord({
  id: 'older-00001',
  versions: { index: 1, is_latest: false },
  metadata: { ...buildRecord().metadata, version: 'v1' },
  parent,
});
const latest = buildRecord({
  id: 'newer-00002',
  versions: { index: 2, is_latest: true },
  metadata: { ...buildRecord().metadata, version: 'v2' },
  parent,
});

const diff: VersionDiff = {
  from: { id: older.id, index: 1, version: 'v1', publication_date: '2025-01-01' },
  to: { id: latest.id, index: 2, version: 'v2', publication_date: '2025-06-01' },
  metadata: [
    { field: 'metadata.creators', kind: 'added', after: 'Roe, Rick' },
    { field: 'metadata.rights', kind: 'changed', before: 'CC BY 4.0', after: 'CC0 1.0' },
    { field: 'access.files', kind: 'changed', before: 'public', after: 'restricted' },
  ],
  files: {
    added: [{ key: 'new.txt', size: 6, checksum: 'md5:aaa' }],
    removed: [],
    changed: [
      {
        key: 'data.csv',
        before: { key: 'data.csv', size: 20, checksum: 'md5:bbb' },
        after: { key: 'data.csv', size: 20, checksum: 'md5:ccc' },
        lines: {
          hunks: [
            {
              old_start: 1,
              old_lines: 2,
              new_start: 1,
              new_lines: 2,
              lines: [' A,1', '-B,2', '+B,5'],
            },
          ],
          truncated: false,
        },
      },
    ],
    unchanged: 1,
  },
};

function api(answer = reply(200, diff)) {
  return {
    'GET /api/config': reply(200, siteConfig),
    'GET /api/me': anonymous,
    [`GET /api/records/${latest.id}`]: reply(200, latest),
    [`GET /api/records/${latest.id}/versions`]: reply(200, hitsOf([latest, older])),
    [`GET /api/records/${latest.id}/diff/${older.id}`]: answer,
  };
}

describe('compare versions', () => {
  it('opens from the version list and says the changes in words', async () => {
    mockFetch(api());
    renderApp(`/records/${latest.id}`);
    await userEvent.click(
      await screen.findByRole('link', { name: 'Compare Version v1 with this version' }),
    );
    expect(await screen.findByRole('heading', { name: 'Compare versions' })).toBeInTheDocument();
    const changes = screen.getByTestId('metadata-changes');
    expect(changes).toHaveTextContent('Creator added: Roe, Rick');
    expect(changes).toHaveTextContent('Licence changed from CC BY 4.0 to CC0 1.0');
    expect(changes).toHaveTextContent('Files visibility changed from Public to Restricted');
    const files = screen.getByTestId('file-changes');
    expect(within(files).getByRole('row', { name: /new\.txt.*Added/ })).toBeInTheDocument();
    expect(within(files).getByRole('row', { name: /data\.csv.*Changed/ })).toBeInTheDocument();
    expect(screen.getByText('Unchanged files: 1')).toBeInTheDocument();
    // Colour is not the only sign: removed and added lines carry "-" and "+".
    const lines = screen.getByRole('region', { name: 'Changed lines in data.csv' });
    expect(lines.querySelector('del')).toHaveTextContent('- B,2');
    expect(lines.querySelector('ins')).toHaveTextContent('+ B,5');
  });

  it('says why files are not compared when the reader may not read them', async () => {
    mockFetch(api(reply(200, { ...diff, metadata: [], files: null })));
    renderApp(`/records/${latest.id}/compare/${older.id}`);
    expect(await screen.findByText('The metadata did not change.')).toBeInTheDocument();
    expect(
      screen.getByText('Files are not compared: you may not read the files of both versions.'),
    ).toBeInTheDocument();
  });

  it("shows the server's error for versions of different records", async () => {
    const refused = reply(400, {
      status: 400,
      message: 'A validation error occurred.',
      errors: [{ field: 'other', messages: ['Not a version of the same record.'] }],
    });
    mockFetch(api(refused));
    renderApp(`/records/${latest.id}/compare/${older.id}`);
    expect(await screen.findByRole('alert')).toBeInTheDocument();
  });
});
