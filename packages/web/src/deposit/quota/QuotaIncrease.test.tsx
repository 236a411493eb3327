import { configure, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { mockFetch, reply } from '../../test/fetch-mock.ts';
import { renderWithProviders } from '../test-providers.tsx';
import { QuotaIncrease } from './QuotaIncrease.tsx';

configure({ asyncUtilTimeout: 5000 });

const LINK = 'http://localhost:3000/api/records/abc/draft/quota-increase';
const PATH = '/api/records/abc/draft/quota-increase';
const myQuota = { max_bytes: 50e9, used_bytes: 1e9, max_drafts: 10, open_drafts: 1 };

function show() {
  return renderWithProviders(
    <MemoryRouter>
      <QuotaIncrease link={LINK} recordLimit={10e9} />
    </MemoryRouter>,
  );
}

describe('asking for more space from the deposit editor', () => {
  it('sends the scope, the size in bytes and the reason, then shows the request waiting', async () => {
    let open = { record: null as unknown, user: null };
    const requests = mockFetch({
      'GET /api/me/quota': reply(200, myQuota),
      [`GET ${PATH}`]: () => reply(200, open),
      [`POST ${PATH}`]: () => {
        open = { ...open, record: { id: 'r1' } };
        return reply(201, { id: 'r1' });
      },
    });
    const { user } = show();
    await user.click(await screen.findByRole('button', { name: 'Ask for more space' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ask for more space' });
    // The form is loaded when the dialog opens.
    expect(await within(dialog).findByLabelText('This upload (now 10 GB)')).toBeChecked();
    const size = within(dialog).getByRole('textbox', { name: /New limit in GB/ });
    await user.clear(size);
    await user.type(size, '25');
    await user.type(within(dialog).getByLabelText(/Why do you need more space/), 'Raw images');
    await user.click(within(dialog).getByRole('button', { name: 'Send request' }));
    await expect
      .poll(() => requests.filter((r) => r.method === 'POST').map((r) => r.body))
      .toEqual([{ scope: 'record', size: 25e9, reason: 'Raw images' }]);
    expect(await screen.findByText('You asked for more space for this upload.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'See the request' })).toHaveAttribute(
      'href',
      '/me/requests/r1',
    );
    // The record's request waits: only the user's storage can still be asked for.
    await user.click(screen.getByRole('button', { name: 'Ask for more space' }));
    const again = await screen.findByRole('dialog', { name: 'Ask for more space' });
    expect(await within(again).findByLabelText('This upload (now 10 GB)')).toBeDisabled();
    expect(within(again).getByLabelText('All my uploads (now 50 GB)')).toBeChecked();
  });

  it("puts the server's field errors under their fields", async () => {
    mockFetch({
      'GET /api/me/quota': reply(200, myQuota),
      [`GET ${PATH}`]: reply(200, { record: null, user: null }),
      [`POST ${PATH}`]: reply(400, {
        status: 400,
        message: 'A validation error occurred.',
        errors: [{ field: 'reason', messages: ['Missing data for required field.'] }],
      }),
    });
    const { user } = show();
    await user.click(await screen.findByRole('button', { name: 'Ask for more space' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ask for more space' });
    await user.click(await within(dialog).findByRole('button', { name: 'Send request' }));
    expect(await within(dialog).findByText('Missing data for required field.')).toBeVisible();
    expect(within(dialog).getByLabelText(/Why do you need more space/)).toHaveAttribute(
      'aria-invalid',
      'true',
    );
  });
});
