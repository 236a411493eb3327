import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch, reply } from '../../../test/fetch-mock.ts';
import { renderInForm } from '../test-form.tsx';
import { SubjectsField } from './SubjectsField.tsx';

const suggestions = reply(200, {
  hits: {
    hits: [{ id: 'fos:1.2', subject: 'Computer and information sciences', scheme: 'FOS' }],
    total: 1,
  },
});

describe('SubjectsField', () => {
  it('offers what the server matched, though the text typed is not in its name', async () => {
    mockFetch({ 'GET /api/subjects': suggestions });
    const { user, values } = renderInForm(<SubjectsField />);
    await user.type(screen.getByRole('combobox', { name: /Keywords and subjects/ }), 'informatics');
    await user.click(
      await screen.findByRole('option', { name: 'Computer and information sciences' }),
    );
    expect(values().metadata.subjects).toEqual([
      { id: 'fos:1.2', subject: 'Computer and information sciences' },
    ]);
  });

  it('adds a keyword on Enter or a comma, not when the field loses focus', async () => {
    mockFetch({ 'GET /api/subjects': reply(200, { hits: { hits: [], total: 0 } }) });
    const { user, values } = renderInForm(<SubjectsField />);
    const input = screen.getByRole('combobox', { name: /Keywords and subjects/ });
    await user.type(input, 'glaci');
    await user.tab();
    expect(values().metadata.subjects).toEqual([]);

    await user.clear(input);
    await user.type(input, 'glaciers{Enter}ice cores,');
    expect(values().metadata.subjects).toEqual([{ subject: 'glaciers' }, { subject: 'ice cores' }]);
  });
});
