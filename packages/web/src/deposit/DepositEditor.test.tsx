import type { RecordJson } from '@arca/schema';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch, reply } from '../test/fetch-mock.ts';
import { buildUser, siteConfig } from '../test/fixtures.ts';
import { buildDraft } from '../test/drafts.ts';
import { renderApp } from '../test/render-app.tsx';

// What the editor offers and says follows the server and the form as they are now.

const empty = reply(200, { hits: { hits: [], total: 0 } });
const self = 'http://localhost:5000/api/records/a1b2c-3d4e5/draft';
const slow = { timeout: 5000 };

function routes(draft: RecordJson, extra: Record<string, unknown> = {}) {
  return {
    'GET /api/config': reply(200, siteConfig),
    'GET /api/me': reply(200, buildUser()),
    'GET /api/records/a1b2c-3d4e5/draft': reply(200, draft),
    'PUT /api/records/a1b2c-3d4e5/draft': reply(200, draft),
    'GET /api/vocabularies/resourcetypes': empty,
    'GET /api/vocabularies/titletypes': empty,
    ...extra,
  };
}

function fileEntry(key: string) {
  return {
    key,
    size: 1200,
    status: 'completed',
    checksum: 'md5:00',
    transfer: { type: 'L' },
    links: { self: `${self}/files/${key}`, content: `${self}/files/${key}/content` },
  };
}

const doiError = {
  field: 'pids.doi',
  messages: ['DOI is needed. You need to reserve a DOI before publishing.'],
  severity: 'error',
};

async function publish(user: ReturnType<typeof renderApp>['user']) {
  await user.click(await screen.findByRole('button', { name: 'Publish' }, slow));
  const dialog = await screen.findByRole('dialog');
  for (const box of within(dialog).queryAllByRole('checkbox')) await user.click(box);
  await user.click(within(dialog).getByRole('button', { name: 'Publish' }));
}

describe('the deposit editor and what the server says', () => {
  it("shows the server's DOI error at the DOI question, whatever the answer", async () => {
    mockFetch(
      routes(buildDraft(), {
        'POST /api/records/a1b2c-3d4e5/draft/actions/publish': reply(400, {
          status: 400,
          message: 'A validation error occurred.',
          errors: [doiError],
        }),
      }),
    );
    const { user } = renderApp('/uploads/a1b2c-3d4e5');
    expect(
      await screen.findByRole('radio', { name: "No, I don't need a DOI" }, slow),
    ).toBeChecked();
    await publish(user);
    const question = screen.getByRole('radiogroup', {
      name: 'Do you already have a DOI for this upload?',
    });
    const group = question.closest('.mantine-InputWrapper-root') ?? question;
    expect(
      await within(group as HTMLElement).findByText(doiError.messages[0] ?? ''),
    ).toBeInTheDocument();
  });

  it('does not offer "No DOI" when the server requires a DOI of the new version', async () => {
    const draft = buildDraft({
      versions: { index: 2, is_latest: false },
      parent: {
        id: 'p0q1r-s2t3u',
        access: { owned_by: { user: '1' } },
        communities: {},
        pids: { doi: { identifier: '10.1234/arca.p0q1r-s2t3u', provider: 'managed' } },
      },
      // The server's DOI rule (`ui.pids.doi`), as its publish check applies it.
      ui: { pids: { doi: { required: true, allowed_providers: ['managed', 'external'] } } },
    });
    mockFetch(routes(draft));
    renderApp('/uploads/a1b2c-3d4e5');
    expect(
      await screen.findByRole('radio', { name: 'No, reserve one for me' }, slow),
    ).toBeChecked();
    expect(screen.queryByRole('radio', { name: "No, I don't need a DOI" })).toBeNull();
    expect(
      screen.getByText(
        'An earlier version has a DOI from this repository, so this version needs one too.',
      ),
    ).toBeInTheDocument();
  });

  it('tells in the banner an error whose path has no field', async () => {
    const saved = buildDraft({
      errors: [{ field: 'metadata.locations.0.place', messages: ['Unknown place.'] }],
    });
    mockFetch(routes(buildDraft(), { 'PUT /api/records/a1b2c-3d4e5/draft': reply(200, saved) }));
    const { user } = renderApp('/uploads/a1b2c-3d4e5');
    await user.click(await screen.findByRole('button', { name: 'Save draft' }, slow));
    const banner = (await screen.findByText('Unknown place.')).closest('[role="alert"]');
    expect(banner).toHaveTextContent('Record saved with validation feedback in');
  });

  it('opens a draft saved with errors without feedback, until the person acts', async () => {
    const draft = buildDraft({
      versions: { index: 2, is_latest: false },
      errors: [{ field: 'metadata.creators', messages: ['Missing data for required field.'] }],
    });
    mockFetch(routes(draft));
    const { user } = renderApp('/uploads/a1b2c-3d4e5');
    await screen.findByRole('button', { name: 'Save draft' }, slow);
    expect(screen.queryByText(/validation feedback/)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByText('Record saved with validation feedback in')).toBeInTheDocument();
  });

  it('drops "Missing uploaded files" and its count once the files are imported', async () => {
    const missing = { field: 'files.enabled', messages: ['Missing uploaded files.'] };
    const draft = buildDraft({
      files: { enabled: true },
      versions: { index: 2, is_latest: false },
    });
    mockFetch(
      routes(draft, {
        'PUT /api/records/a1b2c-3d4e5/draft': reply(200, { ...draft, errors: [missing] }),
        'GET /api/records/a1b2c-3d4e5/draft/files': reply(200, { enabled: true, entries: [] }),
        'POST /api/records/a1b2c-3d4e5/draft/actions/files-import': reply(201, {
          enabled: true,
          entries: [fileEntry('readings.csv')],
        }),
      }),
    );
    const { user } = renderApp('/uploads/a1b2c-3d4e5');
    await user.click(await screen.findByRole('button', { name: 'Save draft' }, slow));
    const banner = (await screen.findByText('Record saved with validation feedback in')).closest(
      '[role="alert"]',
    ) as HTMLElement;
    expect(within(banner).getByRole('link', { name: 'Files (1)' })).toBeInTheDocument();
    expect(screen.getByText('Missing uploaded files.')).toBeInTheDocument();

    await user.click(
      screen.getByRole('button', { name: 'Import files from the previous version' }),
    );
    await screen.findByTestId('deposit-file', {}, slow);
    await waitFor(() => expect(screen.queryByText('Missing uploaded files.')).toBeNull());
    expect(screen.queryByRole('link', { name: 'Files (1)' })).toBeNull();
  });

  it('offers on a published record only what the server allows, and says why', async () => {
    const draft = buildDraft({
      is_published: true,
      files: { enabled: true },
      pids: { doi: { identifier: '10.1234/arca.a1b2c-3d4e5', provider: 'managed' } },
      ui: {
        permissions: {
          can_update_files: false,
          can_discard_pids: false,
          can_delete_draft: false,
          can_new_version: true,
        },
      },
    });
    mockFetch(
      routes(draft, {
        'GET /api/records/a1b2c-3d4e5/draft/files': reply(200, {
          enabled: true,
          entries: [fileEntry('readings.csv')],
        }),
      }),
    );
    renderApp('/uploads/a1b2c-3d4e5');
    await screen.findByTestId('deposit-file', {}, slow);
    expect(screen.queryByRole('button', { name: 'Remove readings.csv' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Choose files' })).toBeNull();
    const reason =
      'Files of a published version cannot be changed. Create a new version to change them.';
    expect(within(screen.getByRole('region', { name: 'Files' })).getByText(reason)).toBeVisible();
    expect(screen.getByRole('checkbox', { name: 'Metadata-only record' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Discard the DOI' })).toBeNull();
    expect(screen.getByText('This DOI is registered and cannot be discarded.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Discard changes' })).toBeNull();
  });
});
