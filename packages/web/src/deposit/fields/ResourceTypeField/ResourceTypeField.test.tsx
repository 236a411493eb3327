import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch, reply } from '../../../test/fetch-mock.ts';
import { renderInForm } from '../test-form.tsx';
import { ResourceTypeField } from './ResourceTypeField.tsx';

const type = (id: string, title: string, parent = id) => ({
  id,
  title_l10n: title,
  props: { type: parent },
});

describe('ResourceTypeField', () => {
  it('tells the "Other" types apart by their parent type', async () => {
    mockFetch({
      'GET /api/vocabularies/resourcetypes': reply(200, {
        hits: {
          hits: [
            type('image', 'Image'),
            type('image-other', 'Other', 'image'),
            type('image-photo', 'Photo', 'image'),
            type('other', 'Other'),
            type('publication', 'Publication'),
            type('publication-other', 'Other', 'publication'),
          ],
          total: 6,
        },
      }),
    });
    const { user } = renderInForm(<ResourceTypeField />);
    await user.click(await screen.findByRole('combobox', { name: /Resource type/ }));
    const options = (await screen.findAllByRole('option')).map((option) => option.textContent);
    expect(options).toEqual([
      'Image',
      'Image: Other',
      'Photo',
      'Other',
      'Publication',
      'Publication: Other',
    ]);
  });
});
