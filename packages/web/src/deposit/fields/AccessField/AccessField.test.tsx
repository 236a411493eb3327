import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DepositContext, type DepositContextValue } from '../../deposit-context.ts';
import { emptyFormValues } from '../../form-values.ts';
import { renderInForm } from '../test-form.tsx';
import { AccessField } from './AccessField.tsx';

function renderWithDraft(canUpdateFiles: boolean) {
  const draft = {
    id: 'abcde-12345',
    files: { enabled: false, count: 0, entries: {} },
    ui: { permissions: { can_update_files: canUpdateFiles } },
  };
  const context = {
    draft,
    settings: { graceDays: 30 },
    community: { chosen: undefined },
  } as unknown as DepositContextValue;
  const values = emptyFormValues();
  values.files.enabled = false;
  return renderInForm(
    <DepositContext value={context}>
      <AccessField />
    </DepositContext>,
    values,
  );
}

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

  it('keeps the metadata-only choice of a published record, and says why', () => {
    renderWithDraft(false);
    expect(screen.getByRole('checkbox', { name: 'Metadata-only record' })).toBeDisabled();
    expect(
      screen.getByText(
        'Files of a published version cannot be changed. Create a new version to change them.',
      ),
    ).toBeInTheDocument();
  });

  it('lets a draft whose files may change switch it', () => {
    renderWithDraft(true);
    expect(screen.getByRole('checkbox', { name: 'Metadata-only record' })).toBeEnabled();
    expect(screen.queryByText(/Files of a published version/)).not.toBeInTheDocument();
  });
});
