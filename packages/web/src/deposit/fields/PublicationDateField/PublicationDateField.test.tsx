import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { switchLanguage } from '../../../i18n/index.ts';
import { renderInForm } from '../test-form.tsx';
import { PublicationDateField } from './PublicationDateField.tsx';

afterEach(() => switchLanguage('en'));

describe('PublicationDateField', () => {
  it('writes the date format of the interface language in the placeholder', async () => {
    await switchLanguage('de');
    renderInForm(<PublicationDateField />);
    const input = screen.getByRole('textbox', { name: /Veröffentlichungsdatum/ });
    expect(input).toHaveAttribute('placeholder', 'JJJJ-MM-TT');
    // The help and the placeholder name the same format.
    expect(input).toHaveAccessibleDescription(/Format: JJJJ-MM-TT, JJJJ-MM/);
  });

  it('keeps the example interval left to right inside Arabic text', async () => {
    await switchLanguage('ar');
    renderInForm(<PublicationDateField />);
    const isolated = [...document.querySelectorAll('bdi[dir="ltr"]')].map(
      (node) => node.textContent,
    );
    expect(isolated).toContain('2020-01/2020-06');
    expect(isolated).toContain('YYYY-MM-DD');
    // A typed date reads left to right too.
    expect(screen.getByRole('textbox').closest('[dir="ltr"]')).not.toBeNull();
  });
});
