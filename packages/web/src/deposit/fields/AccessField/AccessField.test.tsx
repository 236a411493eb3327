import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DepositContext, type DepositContextValue } from '../../deposit-context.ts';
import { renderInForm } from '../test-form.tsx';
import { AccessField } from './AccessField.tsx';

function renderWithCommunity(visibility: 'public' | 'restricted') {
  const context = {
    draft: undefined,
    settings: { graceDays: 30 },
    community: { chosen: { access: { visibility }, metadata: { title: 'Glaciology' } } },
  } as unknown as DepositContextValue;
  return renderInForm(
    <DepositContext value={context}>
      <AccessField />
    </DepositContext>,
  );
}

describe('AccessField', () => {
  it('says why the record is restricted when its community is', () => {
    renderWithCommunity('restricted');
    expect(screen.getByRole('status')).toHaveTextContent(
      'The community “Glaciology” is restricted, so this record and its files are restricted too.',
    );
  });

  it('says nothing of the kind for a public community', () => {
    renderWithCommunity('public');
    expect(screen.queryByText(/is restricted, so this record/)).not.toBeInTheDocument();
  });
});
