import type { DoiRuleJson, RecordJson } from '@arca/schema';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { siteConfig } from '../../../test/fixtures.ts';
import { mockFetch, reply } from '../../../test/fetch-mock.ts';
import { DepositContext, type DepositContextValue } from '../../deposit-context.ts';
import { emptyFormValues } from '../../form-values.ts';
import { renderInForm } from '../test-form.tsx';
import { DoiField } from './DoiField.tsx';

const REQUIRED: DoiRuleJson = { required: true, allowed_providers: ['managed', 'external'] };
const OPTIONAL: DoiRuleJson = {
  required: false,
  allowed_providers: ['managed', 'external', 'not_needed'],
};
const CONCEPT = { doi: { identifier: '10.1234/arca.parent', provider: 'managed' } };

function renderDoi(
  rule: DoiRuleJson | undefined,
  parentPids = {},
  siteRequires = false,
  pids: Record<string, unknown> = {},
) {
  const draft = {
    id: 'abcde-12345',
    pids,
    parent: { id: 'parent', pids: parentPids },
    ...(rule ? { ui: { permissions: {}, pids: { doi: rule } } } : {}),
  } as unknown as RecordJson;
  const context = {
    draft,
    settings: { doiRequired: siteRequires },
    actions: { busy: undefined },
  } as unknown as DepositContextValue;
  const values = emptyFormValues();
  values.pids.choice = rule?.required ? 'managed' : 'none';
  return renderInForm(
    <DepositContext value={context}>
      <DoiField />
    </DepositContext>,
    values,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('DoiField', () => {
  it('says that a managed DOI is local where the site registers none', async () => {
    mockFetch({ 'GET /api/config': reply(200, siteConfig) });
    renderDoi(REQUIRED, {}, true);
    expect(
      await screen.findByText(
        'This repository does not register DOIs: this one is local and does not resolve.',
      ),
    ).toBeInTheDocument();
  });

  it('says nothing of the kind where DOIs are registered at DataCite', async () => {
    const requests = mockFetch({
      'GET /api/config': reply(200, {
        ...siteConfig,
        deposit: { ...siteConfig.deposit, doi_registration: 'datacite' },
      }),
    });
    renderDoi(REQUIRED, {}, true);
    await vi.waitFor(() => expect(requests).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByText(/this one is local/)).not.toBeInTheDocument();
  });

  it("shows the reserved DOI's registration at DataCite", async () => {
    mockFetch({
      'GET /api/config': reply(200, {
        ...siteConfig,
        deposit: { ...siteConfig.deposit, doi_registration: 'datacite' },
      }),
      'GET /api/records/abcde-12345/draft/pids/doi': reply(200, {
        doi: {
          identifier: '10.80000/arca.abcde-12345',
          provider: 'managed',
          registration: { agency: 'datacite', state: null, pending: true, failed: true },
        },
        parent_doi: null,
      }),
    });
    renderDoi(REQUIRED, {}, true, {
      doi: { identifier: '10.80000/arca.abcde-12345', provider: 'managed' },
    });
    expect(
      await screen.findByText('Registration with DataCite failed; it will be tried again.'),
    ).toBeInTheDocument();
  });

  it('offers no "no DOI" answer when the server requires a DOI, and says why', () => {
    renderDoi(REQUIRED);
    expect(screen.queryByLabelText("No, I don't need a DOI")).not.toBeInTheDocument();
    expect(screen.getByLabelText('Yes, I already have one')).toBeInTheDocument();
    expect(screen.getByLabelText('No, reserve one for me')).toBeInTheDocument();
    expect(
      screen.getByText(
        'An earlier version has a DOI from this repository, so this version needs one too.',
      ),
    ).toBeInTheDocument();
  });

  it('follows the server, not the parent: a concept DOI alone does not require one', () => {
    // The latest version went with an external DOI, so publishing accepts none now.
    renderDoi(OPTIONAL, CONCEPT);
    expect(screen.getByLabelText("No, I don't need a DOI")).toBeInTheDocument();
    expect(screen.queryByText(/so this version needs one too/)).not.toBeInTheDocument();
  });

  it('does not explain a rule the whole site has', () => {
    renderDoi(REQUIRED, {}, true);
    expect(screen.queryByLabelText("No, I don't need a DOI")).not.toBeInTheDocument();
    expect(screen.queryByText(/so this version needs one too/)).not.toBeInTheDocument();
  });
});
