import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { emptyFormValues } from '../../form-values.ts';
import { renderInForm } from '../test-form.tsx';
import { DescriptionField } from './DescriptionField.tsx';

// An editor that never gets ready: what the field does while the real one loads.
vi.mock('./RichTextEditor.tsx', () => ({ RichTextEditor: () => null }));

describe('DescriptionField before the editor is there', () => {
  it('takes typing in a textarea and keeps it in the form as paragraphs', async () => {
    const { user, values } = renderInForm(<DescriptionField />);
    await user.click(screen.getByRole('textbox', { name: 'Description' }));
    await user.keyboard('Soil <cores>{Enter}weekly');
    expect(values().metadata.description).toBe('<p>Soil &lt;cores&gt;</p><p>weekly</p>');
    expect(screen.getByRole('textbox', { name: 'Description' })).toHaveValue(
      'Soil <cores>\nweekly',
    );
  });

  it('offers no textarea over a description that is already there', () => {
    const values = emptyFormValues();
    values.metadata.description = '<p><strong>Kept</strong></p>';
    renderInForm(<DescriptionField />, values);
    expect(screen.queryByRole('textbox', { name: 'Description' })).toBeNull();
  });
});
