import { configure, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch, reply } from '../test/fetch-mock.ts';
import { anonymous, buildUser, siteConfig } from '../test/fixtures.ts';
import { buildRecord, hitsOf } from '../test/records.ts';
import { renderApp } from '../test/render-app.tsx';

configure({ asyncUtilTimeout: 5000 });

const reasons = {
  hits: {
    hits: [
      { id: 'spam', title_l10n: 'Spam' },
      { id: 'test-record', title_l10n: 'Test record' },
    ],
    total: 2,
  },
};

const tombstone = {
  removal_reason: { id: 'test-record' },
  note: 'Uploaded by mistake.',
  removed_by: { user: '1' },
  removal_date: '2026-11-20T10:00:00+00:00',
  citation_text: 'Doe, Jane (2025). Soil moisture. Arca. https://doi.org/10.1234/arca.1',
  is_visible: true,
};

describe('deleting a record', () => {
  it("offers the owner 'Request deletion', saying the deletion is immediate, and then shows the tombstone", async () => {
    const record = buildRecord({
      ui: {
        permissions: { can_request_deletion: true },
        published_at: new Date().toISOString(),
      },
    });
    let deleted = false;
    const requests = mockFetch({
      'GET /api/config': reply(200, siteConfig),
      'GET /api/me': reply(200, buildUser()),
      [`GET /api/records/${record.id}`]: () =>
        deleted
          ? reply(410, { status: 410, message: 'Record deleted', tombstone })
          : reply(200, record),
      [`GET /api/records/${record.id}/versions`]: reply(200, hitsOf([record])),
      'GET /api/vocabularies/removalreasons': reply(200, reasons),
      [`POST /api/records/${record.id}/request-deletion`]: () => {
        deleted = true;
        return reply(200, { deleted: true, request: null });
      },
    });
    const { user } = renderApp(`/records/${record.id}`);

    await user.click(await screen.findByRole('button', { name: 'Request deletion' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('less than 30 days ago: it will be deleted at once');
    await user.click(within(dialog).getAllByLabelText(/Reason/)[0]!);
    await user.click(await screen.findByRole('option', { name: 'Test record' }));
    await user.type(screen.getByRole('textbox', { name: 'Note' }), 'Uploaded by mistake.');
    const buttons = screen.getAllByRole('button', { name: 'Request deletion' });
    await user.click(buttons[buttons.length - 1]!);

    expect(await screen.findByRole('heading', { name: 'Deleted record' })).toBeInTheDocument();
    expect(screen.getByText(tombstone.citation_text)).toBeInTheDocument();
    const sent = requests.find((r) => r.path.endsWith('/request-deletion'));
    expect(sent?.body).toEqual({
      removal_reason: { id: 'test-record' },
      note: 'Uploaded by mistake.',
    });
  });

  it('tells the owner of an older record that deletion is a request', async () => {
    const record = buildRecord({
      ui: { permissions: { can_request_deletion: true }, published_at: '2020-01-01T00:00:00Z' },
    });
    mockFetch({
      'GET /api/config': reply(200, siteConfig),
      'GET /api/me': reply(200, buildUser()),
      [`GET /api/records/${record.id}`]: reply(200, record),
      [`GET /api/records/${record.id}/versions`]: reply(200, hitsOf([record])),
      'GET /api/vocabularies/removalreasons': reply(200, reasons),
    });
    const { user } = renderApp(`/records/${record.id}`);
    await user.click(await screen.findByRole('button', { name: 'Request deletion' }));
    expect(await screen.findByRole('dialog')).toHaveTextContent(
      'your request will go to the administrators',
    );
  });

  it('shows a visitor the tombstone of a deleted record, without a restore button', async () => {
    mockFetch({
      'GET /api/config': reply(200, siteConfig),
      'GET /api/me': anonymous,
      'GET /api/records/gone0-00001': reply(410, {
        status: 410,
        message: 'Record deleted',
        tombstone,
      }),
      'GET /api/vocabularies/removalreasons': reply(200, reasons),
    });
    renderApp('/records/gone0-00001');
    expect(await screen.findByRole('heading', { name: 'Deleted record' })).toBeInTheDocument();
    expect(await screen.findByText('Test record')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Restore record' })).toBeNull();
  });
});
