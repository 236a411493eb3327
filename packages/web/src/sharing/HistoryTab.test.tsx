import type { AuditEvent } from '@arca/schema';
import { configure, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../deposit/test-providers.tsx';
import { mockFetch, reply } from '../test/fetch-mock.ts';
import { siteConfig } from '../test/fixtures.ts';
import { buildRecord } from '../test/records.ts';
import { HistoryTab } from './HistoryTab.tsx';

configure({ asyncUtilTimeout: 5000 });
afterEach(() => vi.unstubAllGlobals());

const event = (overrides: Partial<AuditEvent>): AuditEvent => ({
  id: '1',
  at: '2026-03-01T10:00:00.000Z',
  actor: { id: 1, name: 'Olivia Owner' },
  address: null,
  action: 'link.update',
  subject: { type: 'parent', id: 'parnt-00001' },
  before: { link: 'l1', expires_at: '2026-04-01' },
  after: { link: 'l1', expires_at: '2026-03-15' },
  ...overrides,
});

describe('the access history', () => {
  it('lists what happened, by whom, with what changed', async () => {
    const record = buildRecord();
    const requests = mockFetch({
      'GET /api/config': reply(200, siteConfig),
      [`GET /api/records/${record.id}/access/history`]: reply(200, {
        hits: {
          hits: [
            event({}),
            event({
              id: '2',
              actor: null,
              action: 'record.embargo_lift',
              before: { access: { record: 'restricted' } },
              after: { access: { record: 'public' } },
            }),
            event({ id: '3', actor: { id: 9, name: '' }, action: 'grant.delete', after: null }),
          ],
          total: 3,
        },
      }),
    });
    renderWithProviders(<HistoryTab record={record} />);
    const entries = await screen.findAllByRole('listitem');
    const changed = entries.find((item) => item.dataset.action === 'link.update')!;
    expect(within(changed).getByText('Secret link changed')).toBeInTheDocument();
    expect(within(changed).getByText(/^Olivia Owner · /)).toBeInTheDocument();
    expect(within(changed).getByText('expires_at: 2026-04-01 → 2026-03-15')).toBeInTheDocument();
    const lifted = entries.find((item) => item.dataset.action === 'record.embargo_lift')!;
    expect(within(lifted).getByText(/^System · /)).toBeInTheDocument();
    const removed = entries.find((item) => item.dataset.action === 'grant.delete')!;
    expect(within(removed).getByText(/^A user with a private profile · /)).toBeInTheDocument();
    expect(requests.at(-1)?.path).toContain('page=1');
  });

  it('says when nothing was recorded', async () => {
    const record = buildRecord();
    mockFetch({
      'GET /api/config': reply(200, siteConfig),
      [`GET /api/records/${record.id}/access/history`]: reply(200, {
        hits: { hits: [], total: 0 },
      }),
    });
    renderWithProviders(<HistoryTab record={record} />);
    expect(
      await screen.findByText('Nothing has been recorded for this record yet.'),
    ).toBeInTheDocument();
  });
});
