import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockFetch, reply } from '../../../test/fetch-mock.ts';
import { renderWithProviders } from '../../test-providers.tsx';
import { LicenseModal } from './LicenseModal.tsx';

const ccBy = {
  id: 'cc-by-4.0',
  title_l10n: 'Creative Commons Attribution 4.0 International',
  description_l10n: 'Share and adapt, with attribution.',
  props: { url: 'https://creativecommons.org/licenses/by/4.0/legalcode' },
  tags: ['recommended', 'all', 'data'],
};

describe('LicenseModal', () => {
  it('searches standard licences by tag and hands over the chosen one', async () => {
    const requests = mockFetch({
      'GET /api/vocabularies/licenses': reply(200, { hits: { hits: [ccBy], total: 1 } }),
    });
    const onSubmit = vi.fn();
    const { user } = renderWithProviders(
      <LicenseModal
        state={{ action: 'add', mode: 'standard' }}
        onClose={() => {}}
        onSwitchToCustom={() => {}}
        onSubmit={onSubmit}
      />,
    );
    expect(screen.getByText('Add standard license')).toBeInTheDocument();
    await user.click(
      await screen.findByRole('radio', { name: /Creative Commons Attribution 4.0/ }),
    );
    await user.click(screen.getByText('Data'));
    await user.click(screen.getByRole('button', { name: 'Add license' }));
    expect(onSubmit).toHaveBeenCalledWith({
      id: 'cc-by-4.0',
      title: 'Creative Commons Attribution 4.0 International',
      description: 'Share and adapt, with attribution.',
      link: 'https://creativecommons.org/licenses/by/4.0/legalcode',
    });
    const paths = requests.map((request) => request.path);
    expect(paths).toContain(
      '/api/vocabularies/licenses?tags=recommended&sort=title&page=1&size=12&q=',
    );
    expect(paths).toContain('/api/vocabularies/licenses?tags=data&sort=title&page=1&size=12&q=');
  });

  it('pages through the list and searches every licence, not only the recommended', async () => {
    const licence = (n: number) => ({ id: `l-${n}`, title_l10n: `Licence ${n}`, tags: ['all'] });
    const requests = mockFetch({
      'GET /api/vocabularies/licenses': ({ path }) => {
        const page = Number(new URL(path, 'http://x').searchParams.get('page'));
        const hits = Array.from({ length: 12 }, (_, i) => licence((page - 1) * 12 + i + 1));
        return reply(200, { hits: { hits: hits.slice(0, page === 3 ? 6 : 12), total: 30 } });
      },
    });
    const { user } = renderWithProviders(
      <LicenseModal
        state={{ action: 'add', mode: 'standard' }}
        onClose={() => {}}
        onSwitchToCustom={() => {}}
        onSubmit={() => {}}
      />,
    );
    const results = await screen.findByRole('radiogroup', { name: 'Licenses' });
    expect(await within(results).findAllByRole('radio')).toHaveLength(12);
    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(await screen.findByRole('radio', { name: 'Licence 25' })).toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: 'Search licenses' }), 'zlib');
    await waitFor(() =>
      expect(requests.map((request) => request.path)).toContain(
        '/api/vocabularies/licenses?tags=all&sort=bestmatch&page=1&size=12&q=zlib',
      ),
    );
  });

  it('checks a custom licence: title required, link a valid URL', async () => {
    mockFetch({});
    const onSubmit = vi.fn();
    const { user } = renderWithProviders(
      <LicenseModal
        state={{
          action: 'change',
          mode: 'custom',
          index: 0,
          initial: { title: '', description: '', link: '' },
        }}
        onClose={() => {}}
        onSwitchToCustom={() => {}}
        onSubmit={onSubmit}
      />,
    );
    expect(screen.getByText('Change custom license')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Link' }), 'ftp:/nowhere');
    await user.click(screen.getByRole('button', { name: 'Change license' }));
    expect(screen.getByText('Title is a required field.')).toBeInTheDocument();
    expect(screen.getByText('Link must be a valid URL')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();

    await user.type(screen.getByRole('textbox', { name: /^Title/ }), 'Lab licence');
    await user.clear(screen.getByRole('textbox', { name: 'Link' }));
    await user.type(
      screen.getByRole('textbox', { name: 'Link' }),
      'https://lab.example.org/licence',
    );
    await user.click(screen.getByRole('button', { name: 'Change license' }));
    expect(onSubmit).toHaveBeenCalledWith({
      title: 'Lab licence',
      description: '',
      link: 'https://lab.example.org/licence',
    });
  });
});
