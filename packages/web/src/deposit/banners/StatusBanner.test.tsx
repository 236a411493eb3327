import type { RecordJson, RecordStatus } from '@arca/schema';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildDraft } from '../../test/drafts.ts';
import { DepositContext, type DepositContextValue } from '../deposit-context.ts';
import { renderWithProviders } from '../test-providers.tsx';
import { StatusBanner } from './StatusBanner.tsx';

function draftIn(status: RecordStatus, canManage: boolean): RecordJson {
  const draft = buildDraft({ status, ui: { permissions: { can_manage: canManage } } });
  draft.parent.review = {
    id: 'req-42',
    type: 'community-submission',
    status: status === 'in_review' ? 'submitted' : status,
    receiver: { community: 'c1' },
    topic: { record: draft.id },
    created_by: { user: '1' },
    is_open: status === 'in_review',
    is_closed: status !== 'in_review',
  };
  return draft;
}

function renderBanner(draft: RecordJson) {
  return renderWithProviders(
    <DepositContext value={{ draft } as DepositContextValue}>
      <StatusBanner />
    </DepositContext>,
  );
}

describe('StatusBanner', () => {
  it.each(['declined', 'expired'] as const)(
    'links a %s draft to its review request, where the reason is',
    (status) => {
      renderBanner(draftIn(status, true));
      expect(screen.getByRole('link', { name: 'View request' })).toHaveAttribute(
        'href',
        '/me/requests/req-42',
      );
    },
  );

  it('tells the uploader about their upload', () => {
    renderBanner(draftIn('in_review', true));
    expect(screen.getByText(/will review your upload/)).toBeInTheDocument();
  });

  it('does not tell a reviewing curator about "your upload"', () => {
    renderBanner(draftIn('declined', false));
    expect(screen.queryByText(/your (upload|submission)/)).not.toBeInTheDocument();
    expect(screen.getByText(/This submission was declined/)).toBeInTheDocument();
  });
});
