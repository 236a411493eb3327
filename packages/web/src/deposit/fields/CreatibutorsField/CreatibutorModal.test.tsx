import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockFetch, reply } from '../../../test/fetch-mock.ts';
import { renderWithProviders } from '../../test-providers.tsx';
import { CreatibutorModal } from './CreatibutorModal.tsx';

const roles = reply(200, {
  hits: { hits: [{ id: 'datacollector', title_l10n: 'Data collector' }], total: 1 },
});

describe('CreatibutorModal', () => {
  it('requires a family name for a person and a name for an organisation', async () => {
    mockFetch({ 'GET /api/vocabularies/creatorsroles': roles });
    const onSave = vi.fn();
    const { user } = renderWithProviders(
      <CreatibutorModal kind="creators" onClose={() => {}} onSave={onSave} />,
    );
    await user.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Family name is a required field.')).toBeInTheDocument();

    await user.click(screen.getByText('Organization'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Name is a required field.')).toBeInTheDocument();
    expect(onSave).not.toHaveBeenCalled();
  });

  it('clears a required-field message as soon as the field is filled', async () => {
    mockFetch({ 'GET /api/vocabularies/creatorsroles': roles });
    const { user } = renderWithProviders(
      <CreatibutorModal kind="creators" onClose={() => {}} onSave={() => {}} />,
    );
    await user.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Family name is a required field.')).toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: /^Family name/ }), 'Curie');
    expect(screen.queryByText('Family name is a required field.')).not.toBeInTheDocument();
    await user.clear(screen.getByRole('textbox', { name: /^Family name/ }));
    expect(screen.getByText('Family name is a required field.')).toBeInTheDocument();
  });

  it('offers the affiliations the server finds, also by acronym', async () => {
    mockFetch({
      'GET /api/vocabularies/creatorsroles': roles,
      'GET /api/affiliations': reply(200, {
        hits: {
          hits: [{ id: '01ggx4157', name: 'European Organization for Nuclear Research' }],
          total: 1,
        },
      }),
    });
    const { user } = renderWithProviders(
      <CreatibutorModal kind="creators" onClose={() => {}} onSave={() => {}} />,
    );
    await user.type(await screen.findByRole('combobox', { name: 'Affiliations' }), 'CERN');
    expect(
      await screen.findByRole('option', { name: 'European Organization for Nuclear Research' }),
    ).toBeInTheDocument();
  });

  it('requires a role for a contributor and checks an ORCID', async () => {
    mockFetch({ 'GET /api/vocabularies/contributorsroles': roles });
    const onSave = vi.fn();
    const { user } = renderWithProviders(
      <CreatibutorModal kind="contributors" onClose={() => {}} onSave={onSave} />,
    );
    await user.type(await screen.findByRole('textbox', { name: /^Family name/ }), 'Doe');
    await user.type(screen.getByRole('textbox', { name: 'ORCID' }), '0000-0002-1825-0090');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Role is a required field.')).toBeInTheDocument();
    expect(screen.getByText('Not a valid identifier for the selected scheme.')).toBeInTheDocument();
    expect(onSave).not.toHaveBeenCalled();
  });

  it('saves and starts another, showing "Added" for 2 seconds', async () => {
    mockFetch({ 'GET /api/vocabularies/creatorsroles': roles });
    const onSave = vi.fn();
    const { user } = renderWithProviders(
      <CreatibutorModal kind="creators" onClose={() => {}} onSave={onSave} />,
    );
    const family = await screen.findByRole('textbox', { name: /^Family name/ });
    await user.type(family, 'Curie');
    await user.type(screen.getByRole('textbox', { name: 'Given names' }), 'Marie');
    await user.click(screen.getByRole('button', { name: 'Save and add another' }));

    expect(onSave).toHaveBeenCalledWith({
      person_or_org: {
        type: 'personal',
        family_name: 'Curie',
        given_name: 'Marie',
        name: '',
        identifiers: [],
      },
      role: '',
      affiliations: [],
    });
    expect(screen.getByText('Added')).toBeInTheDocument();
    expect(family).toHaveValue('');
    await waitFor(() => expect(screen.queryByText('Added')).not.toBeInTheDocument(), {
      timeout: 2500,
    });
  });

  it('fills the name from the names vocabulary when a known ORCID is typed', async () => {
    mockFetch({
      'GET /api/vocabularies/creatorsroles': roles,
      'GET /api/names/0000-0002-1825-0097': reply(200, {
        id: '0000-0002-1825-0097',
        name: 'Carberry, Josiah',
        family_name: 'Carberry',
        given_name: 'Josiah',
        affiliations: [{ id: '05gq02987', name: 'Brown University' }],
      }),
    });
    const { user } = renderWithProviders(
      <CreatibutorModal kind="creators" onClose={() => {}} onSave={() => {}} />,
    );
    await user.type(await screen.findByRole('textbox', { name: 'ORCID' }), '0000-0002-1825-0097');
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: /^Family name/ })).toHaveValue('Carberry'),
    );
    expect(screen.getByRole('textbox', { name: 'Given names' })).toHaveValue('Josiah');
  });
});
