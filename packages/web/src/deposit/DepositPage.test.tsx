import { act, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch, reply, type RecordedRequest } from '../test/fetch-mock.ts';
import { anonymous, buildUser, siteConfig } from '../test/fixtures.ts';
import { buildDraft } from '../test/drafts.ts';
import { renderApp } from '../test/render-app.tsx';

const empty = reply(200, { hits: { hits: [], total: 0 } });

const routes = (save: (request: RecordedRequest) => { status: number; body?: unknown }) => ({
  'GET /api/config': reply(200, siteConfig),
  'GET /api/me': reply(200, buildUser()),
  'GET /api/records/a1b2c-3d4e5/draft': reply(200, buildDraft()),
  'PUT /api/records/a1b2c-3d4e5/draft': save,
  'GET /api/vocabularies/resourcetypes': empty,
  'GET /api/vocabularies/titletypes': empty,
});

describe('the deposit page', () => {
  it('saves with If-Match and the serialized form, and says so', async () => {
    const requests = mockFetch(
      routes((request) =>
        reply(200, buildDraft({ revision_id: 4, metadata: request.body as never })),
      ),
    );
    const { user } = renderApp('/uploads/a1b2c-3d4e5');
    const title = await screen.findByRole('textbox', { name: /^Title/ });
    expect(title).toHaveValue('Soil moisture');
    await user.type(title, ' 2025');
    await user.click(screen.getByRole('button', { name: 'Save draft' }));

    expect(await screen.findByText('Record successfully saved.')).toBeInTheDocument();
    const put = requests.find((request) => request.method === 'PUT');
    expect(put?.path).toBe('/api/records/a1b2c-3d4e5/draft?expand=1');
    expect(put?.headers.get('If-Match')).toBe('"3"');
    expect(put?.body).toMatchObject({
      metadata: { title: 'Soil moisture 2025' },
      files: { enabled: false },
      access: { record: 'public', files: 'public' },
    });
  });

  it('puts validation feedback on the fields and links the sections in the banner', async () => {
    mockFetch(
      routes(() =>
        reply(
          200,
          buildDraft({
            revision_id: 4,
            errors: [
              {
                field: 'metadata.publication_date',
                messages: ['Missing data for required field.'],
              },
              {
                field: 'metadata.resource_type.id',
                messages: ['This value is not in the vocabulary.'],
              },
              {
                field: 'access.embargo.until',
                messages: ['Embargo end date must be in the future.'],
              },
            ],
          }),
        ),
      ),
    );
    const { user } = renderApp('/uploads/a1b2c-3d4e5');
    await user.click(await screen.findByRole('button', { name: 'Save draft' }));

    const banner = (await screen.findByText('Record saved with validation feedback in')).closest(
      '[role="alert"]',
    ) as HTMLElement;
    expect(within(banner).getByRole('link', { name: 'Basic information (2)' })).toHaveAttribute(
      'href',
      '#deposit-section-basic-information',
    );
    expect(within(banner).getByRole('link', { name: 'Visibility (1)' })).toBeInTheDocument();
    expect(screen.getByText('Missing data for required field.')).toBeInTheDocument();
    expect(screen.getByText('This value is not in the vocabulary.')).toBeInTheDocument();
  });

  it('says why a save was refused: a newer revision (412) or a failure with the server message', async () => {
    let answer = reply(412, {
      status: 412,
      message: "Revision id provided(3) doesn't match record's one(4)",
    });
    mockFetch(routes(() => answer));
    const { user } = renderApp('/uploads/a1b2c-3d4e5');
    await user.click(await screen.findByRole('button', { name: 'Save draft' }));
    expect(await screen.findByText('This draft was changed elsewhere')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload the latest version' })).toBeInTheDocument();

    answer = reply(500, {});
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(
      await screen.findByText(
        'The draft was not saved. Please try again. If the problem persists, contact user support.',
      ),
    ).toBeInTheDocument();
  });

  it('blocks Publish while files are expected and missing, and checks the DOI before publishing', async () => {
    const requests = mockFetch({
      ...routes(() => reply(200, buildDraft())),
      'GET /api/records/a1b2c-3d4e5/draft': reply(
        200,
        buildDraft({ files: { enabled: true, count: 0 } }),
      ),
    });
    const { user } = renderApp('/uploads/a1b2c-3d4e5');
    const publish = await screen.findByRole('button', { name: 'Publish' });
    expect(publish).toBeDisabled();

    await user.click(screen.getByRole('checkbox', { name: 'Metadata-only record' }));
    expect(publish).toBeEnabled();
    await user.click(screen.getByRole('radio', { name: 'No, reserve one for me' }));
    await user.click(publish);
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Publish' }));
    expect(
      await screen.findAllByText('DOI is needed. You need to reserve a DOI before publishing.'),
    ).not.toHaveLength(0);
    expect(requests.some((request) => request.path.includes('actions/publish'))).toBe(false);
  });

  it('adds rows with their defaults, sends them, and shows each row its own error', async () => {
    const requests = mockFetch(
      routes(() =>
        reply(
          200,
          buildDraft({
            revision_id: 4,
            errors: [
              {
                field: 'metadata.additional_titles.0.title',
                messages: ['Missing data for required field.'],
              },
              { field: 'metadata.dates.0.type', messages: ['Missing data for required field.'] },
            ],
          }),
        ),
      ),
    );
    const { user } = renderApp('/uploads/a1b2c-3d4e5');
    await user.click(await screen.findByRole('button', { name: 'Add title' }));
    await user.click(screen.getByRole('button', { name: 'Add date' }));
    await user.type(screen.getByRole('textbox', { name: /^Date/ }), '2020-01/2020-06');
    await user.click(screen.getByRole('button', { name: 'Add related work' }));
    await user.click(screen.getByRole('button', { name: 'Save draft' }));

    await screen.findByText('Record saved with validation feedback in');
    const put = requests.find((request) => request.method === 'PUT');
    expect(put?.body).toMatchObject({
      metadata: {
        additional_titles: [{ type: { id: 'alternative-title' } }],
        dates: [{ date: '2020-01/2020-06' }],
        related_identifiers: [{}],
      },
    });
    expect(screen.getAllByText('Missing data for required field.')).toHaveLength(2);
  });

  it('saves, then reserves a DOI and shows it; a failed discard says so', async () => {
    const reserved = buildDraft({
      revision_id: 5,
      pids: { doi: { identifier: '10.1234/arca.a1b2c-3d4e5', provider: 'datacite' } },
    });
    const requests = mockFetch({
      ...routes(() => reply(200, buildDraft({ revision_id: 4 }))),
      'POST /api/records/a1b2c-3d4e5/draft/pids/doi': reply(201, reserved),
      'DELETE /api/records/a1b2c-3d4e5/draft/pids/doi': reply(500, {}),
    });
    const { user } = renderApp('/uploads/a1b2c-3d4e5');
    await user.click(await screen.findByRole('radio', { name: 'No, reserve one for me' }));
    await user.click(screen.getByRole('button', { name: 'Reserve a DOI' }));
    expect(await screen.findByText('10.1234/arca.a1b2c-3d4e5')).toBeInTheDocument();
    expect(
      requests
        .map((request) => request.method + ' ' + request.path)
        .filter((line) => !line.startsWith('GET')),
    ).toEqual([
      'PUT /api/records/a1b2c-3d4e5/draft?expand=1',
      'POST /api/records/a1b2c-3d4e5/draft/pids/doi?expand=1',
    ]);

    await user.click(screen.getByRole('button', { name: 'Discard the DOI' }));
    expect(
      await screen.findByText(
        'Identifier could not be discarded. Please try again. If the problem persists, contact user support.',
      ),
    ).toBeInTheDocument();
  });

  it('keeps the same editor when the first save gives the new draft its address', async () => {
    const requests = mockFetch({
      ...routes(() => reply(500)),
      'POST /api/records': (request) =>
        reply(201, buildDraft({ metadata: (request.body as { metadata: never }).metadata })),
    });
    const { user, router } = renderApp('/uploads/new');
    const title = await screen.findByRole('textbox', { name: /^Title/ });
    await user.type(title, 'Brand new');
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    await expect
      .poll(() => router.state.location.pathname, { timeout: 5000 })
      .toBe('/uploads/a1b2c-3d4e5');
    // The router renders the new address a moment after it has it: let that happen.
    await act(() => new Promise((resolve) => setTimeout(resolve, 500)));
    // A new editor would have read the draft again, and lost the feedback.
    expect(screen.getByText('Record successfully saved.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /^Title/ })).toHaveValue('Brand new');
    expect(
      requests.filter((request) => request.method === 'GET' && request.path.includes('/draft')),
    ).toEqual([]);
  });

  it('opens for someone without an account who holds an edit link, and only then', async () => {
    const requests = mockFetch({
      ...routes((request) => reply(200, buildDraft({ metadata: request.body as never }))),
      'GET /api/me': anonymous,
    });
    const { user } = renderApp('/uploads/a1b2c-3d4e5?token=edit-token');
    const title = await screen.findByRole('textbox', { name: /^Title/ });
    expect(title).toHaveValue('Soil moisture');
    expect(requests.map((request) => request.path)).toContain(
      '/api/records/a1b2c-3d4e5/draft?expand=1&token=edit-token',
    );
    await user.type(title, ', edited');
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByText('Record successfully saved.')).toBeInTheDocument();
  });

  it('sends a visitor without a login or a link to the login page', async () => {
    mockFetch({ ...routes(() => reply(500)), 'GET /api/me': anonymous });
    const { router } = renderApp('/uploads/a1b2c-3d4e5');
    expect(await screen.findByRole('button', { name: 'Log in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toBe(
      `?${new URLSearchParams({ next: '/uploads/a1b2c-3d4e5' })}`,
    );
  });
});
