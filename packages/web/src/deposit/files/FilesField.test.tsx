import type { RecordJson } from '@arca/schema';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch, reply } from '../../test/fetch-mock.ts';
import { buildUser, siteConfig } from '../../test/fixtures.ts';
import { buildDraft as baseDraft } from '../../test/drafts.ts';
import { renderApp } from '../../test/render-app.tsx';

const empty = reply(200, { hits: { hits: [], total: 0 } });
const self = 'http://localhost:5000/api/records/a1b2c-3d4e5/draft';

function fileEntry(key: string, size: number) {
  return {
    key,
    size,
    status: 'completed',
    checksum: 'md5:00',
    transfer: { type: 'L' },
    links: { self: `${self}/files/${key}`, content: `${self}/files/${key}/content` },
  };
}

const buildDraft = (overrides: Partial<RecordJson> = {}): RecordJson =>
  baseDraft({ files: { enabled: true }, ...overrides });

function routes(draft: RecordJson, entries: unknown[], quota = { max_files: 5, max_bytes: 1e10 }) {
  return {
    'GET /api/config': reply(200, siteConfig),
    'GET /api/me': reply(200, buildUser()),
    'GET /api/records/a1b2c-3d4e5/draft': reply(200, draft),
    'GET /api/records/a1b2c-3d4e5/draft/files': reply(200, { enabled: true, entries, quota }),
    'GET /api/vocabularies/resourcetypes': empty,
    'GET /api/vocabularies/titletypes': empty,
  };
}

/** The editor's code loads on first render: allow for a busy machine. */
const slow = { timeout: 10_000 };

const chooser = () => screen.getByLabelText('Choose files', { selector: 'input' });

describe('the Files section', () => {
  it('lists the files with decimal sizes and shows the quota used and left', async () => {
    mockFetch(routes(buildDraft(), [fileEntry('readings.csv', 1_500_000)]));
    renderApp('/uploads/a1b2c-3d4e5');
    const row = await screen.findByTestId('deposit-file', {}, slow);
    expect(within(row).getByText('readings.csv')).toBeInTheDocument();
    expect(within(row).getByText('1.5 MB')).toBeInTheDocument();
    expect(screen.getByTestId('files-quota')).toHaveTextContent(
      '1 of 5 files · 1.5 MB used, 10 GB left',
    );
    // A record with files cannot be made metadata-only.
    expect(screen.getByRole('checkbox', { name: /Metadata-only record/ })).toBeDisabled();
  });

  it('disables the upload area at the maximum file count', async () => {
    mockFetch(
      routes(buildDraft(), [fileEntry('a.csv', 10), fileEntry('b.csv', 10)], {
        max_files: 2,
        max_bytes: 1e10,
      }),
    );
    renderApp('/uploads/a1b2c-3d4e5');
    expect(
      await screen.findByText('The maximum number of files has been reached.', {}, slow),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Choose files' })).toBeDisabled();
  });

  it('refuses a duplicate name and skips empty files with their messages', async () => {
    const requests = mockFetch(routes(buildDraft(), [fileEntry('readings.csv', 10)]));
    renderApp('/uploads/a1b2c-3d4e5');
    await screen.findByTestId('deposit-file', {}, slow);
    fireEvent.change(chooser(), {
      target: {
        files: [new File(['x'], 'readings.csv'), new File([], 'empty.txt')],
      },
    });
    expect(
      await screen.findByText('readings.csv is already part of this upload.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Empty files were skipped.')).toBeInTheDocument();
    // Nothing was accepted: the draft is not even saved.
    expect(requests.some((request) => request.method === 'PUT')).toBe(false);
  });

  it('refuses a selection over the storage left, naming total and limit', async () => {
    mockFetch(routes(buildDraft(), [fileEntry('a.csv', 900)], { max_files: 5, max_bytes: 1000 }));
    renderApp('/uploads/a1b2c-3d4e5');
    await screen.findByTestId('deposit-file', {}, slow);
    fireEvent.change(chooser(), { target: { files: [new File(['x'.repeat(200)], 'b.csv')] } });
    expect(
      await screen.findByText(
        'Could not upload files. Their total size (1.1 kB) exceeds the storage limit (1 kB).',
      ),
    ).toBeInTheDocument();
  });

  it('imports the files of the previous version into a new version', async () => {
    const draft = buildDraft({ versions: { index: 2, is_latest: false } });
    const requests = mockFetch({
      ...routes(draft, []),
      'POST /api/records/a1b2c-3d4e5/draft/actions/files-import': reply(201, {
        enabled: true,
        entries: [fileEntry('old.csv', 2000)],
      }),
    });
    const { user } = renderApp('/uploads/a1b2c-3d4e5');
    await user.click(
      await screen.findByRole('button', { name: 'Import files from the previous version' }, slow),
    );
    const row = await screen.findByTestId('deposit-file', {}, slow);
    expect(within(row).getByText('old.csv')).toBeInTheDocument();
    expect(within(row).getByText('2 kB')).toBeInTheDocument();
    expect(requests.some((request) => request.path.endsWith('/actions/files-import'))).toBe(true);
    await waitFor(() =>
      expect(
        screen.queryByRole('button', { name: 'Import files from the previous version' }),
      ).toBeNull(),
    );
  });

  it('says so when the import fails, with the server message', async () => {
    const draft = buildDraft({ versions: { index: 2, is_latest: false } });
    mockFetch({
      ...routes(draft, []),
      'POST /api/records/a1b2c-3d4e5/draft/actions/files-import': reply(400, {
        status: 400,
        message: 'The record has no files.',
      }),
    });
    const { user } = renderApp('/uploads/a1b2c-3d4e5');
    await user.click(
      await screen.findByRole('button', { name: 'Import files from the previous version' }, slow),
    );
    expect(await screen.findByText('The record has no files.')).toBeInTheDocument();
  });
});
