import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch, reply } from '../../../test/fetch-mock.ts';
import { emptyFormValues } from '../../form-values.ts';
import { renderInForm } from '../test-form.tsx';
import { LicensesField } from './LicensesField.tsx';

describe('LicensesField', () => {
  it('shows a standard licence in the interface language, a custom one as typed', async () => {
    mockFetch({
      'GET /api/vocabularies/licenses/cc-by-4.0': reply(200, {
        id: 'cc-by-4.0',
        title_l10n: 'Creative Commons Namensnennung 4.0 International',
        description_l10n: 'Erlaubt anderen, das Werk zu kopieren.',
      }),
    });
    const values = emptyFormValues();
    values.metadata.rights = [
      {
        id: 'cc-by-4.0',
        title: 'Creative Commons Attribution 4.0 International',
        description: 'Lets others copy the work.',
        link: '',
      },
      { title: 'Our own terms', description: 'Ask us first.', link: '' },
    ];
    renderInForm(<LicensesField />, values);
    await waitFor(() =>
      expect(
        screen.getByText('Creative Commons Namensnennung 4.0 International'),
      ).toBeInTheDocument(),
    );
    expect(screen.getByText('Erlaubt anderen, das Werk zu kopieren.')).toBeInTheDocument();
    expect(screen.getByText('Our own terms')).toBeInTheDocument();
  });
});
