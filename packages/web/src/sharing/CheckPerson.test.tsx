import { configure, screen } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Abilities, ActorExplanation } from '../api/access-explanation.ts';
import { renderWithProviders } from '../deposit/test-providers.tsx';
import { ViewAsPage } from '../records/ViewAsPage.tsx';
import { mockFetch, reply } from '../test/fetch-mock.ts';
import { siteConfig } from '../test/fixtures.ts';
import { CheckPerson } from './CheckPerson.tsx';

configure({ asyncUtilTimeout: 5000 });
afterEach(() => vi.unstubAllGlobals());

const id = 'abcde-12345';
const refused = { allowed: false, allowed_by: [], refused_by: [] };
const nothing: Abilities = { view: refused, preview: refused, edit: refused, manage: refused };

function answerFor(actor: ActorExplanation['actor']): ActorExplanation {
  return { id, scope: 'record', actor, abilities: nothing, communities: {}, record: null };
}

/** The check and the view-as page it links to, the server answering for `user` with `actor`. */
function renderCheck(user: string, actor: ActorExplanation['actor']) {
  mockFetch({
    'GET /api/config': reply(200, siteConfig),
    'GET /api/users': reply(200, {
      hits: { hits: [{ id: '2', username: 'bob', profile: { full_name: 'Bob Baker' } }], total: 1 },
    }),
    [`GET /api/records/${id}/access/explain?user=${user}`]: reply(200, answerFor(actor)),
  });
  const router = createMemoryRouter(
    [
      { path: '/', element: <CheckPerson recordId={id} /> },
      { path: '/records/:id/view-as', element: <ViewAsPage /> },
    ],
    { initialEntries: ['/'] },
  );
  return renderWithProviders(<RouterProvider router={router} />);
}

describe('checking a person', () => {
  it('words the public as a subject mid-sentence, here and on the view-as page', async () => {
    const { user } = renderCheck('public', { type: 'public' });
    await user.click(screen.getByRole('button', { name: 'The public' }));
    expect(await screen.findByText('What the public may do')).toBeInTheDocument();
    expect(screen.getByText('Nothing allows the public to see this record.')).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'View as the public' }));
    expect(
      await screen.findByText(
        'You are seeing this record as the public would see it. Read-only: nothing can be done here.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('The public cannot see this record.')).toBeInTheDocument();
  });

  it('puts a person’s name in the same sentences', async () => {
    const { user } = renderCheck('2', { type: 'user', id: '2', name: 'Bob Baker' });
    await user.type(screen.getByRole('textbox', { name: 'Search people by name' }), 'bob');
    await user.click(await screen.findByRole('button', { name: 'Bob Baker' }));
    expect(await screen.findByText('What Bob Baker may do')).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'View as Bob Baker' }));
    expect(
      await screen.findByText(
        'You are seeing this record as Bob Baker would see it. Read-only: nothing can be done here.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('Bob Baker cannot see this record.')).toBeInTheDocument();
  });
});
