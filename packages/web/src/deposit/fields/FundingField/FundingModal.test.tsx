import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockFetch, reply } from '../../../test/fetch-mock.ts';
import { renderWithProviders } from '../../test-providers.tsx';
import { FundingModal } from './FundingModal.tsx';

describe('FundingModal', () => {
  it('offers the funders the server finds by acronym and keeps the chosen one with its id', async () => {
    mockFetch({
      'GET /api/funders': reply(200, {
        hits: { hits: [{ id: '0472cxd90', name: 'European Research Council' }], total: 1 },
      }),
    });
    const onSave = vi.fn();
    const { user } = renderWithProviders(<FundingModal onClose={() => {}} onSave={onSave} />);
    await user.type(screen.getByRole('combobox', { name: /^Funder/ }), 'ERC');
    await user.click(await screen.findByRole('option', { name: 'European Research Council' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenCalledWith({
      funder: { id: '0472cxd90', name: 'European Research Council' },
    });
  });
});
