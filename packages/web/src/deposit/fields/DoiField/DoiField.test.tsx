import type { DoiRuleJson, RecordJson } from '@arca/schema';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
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

function renderDoi(rule: DoiRuleJson | undefined, parentPids = {}, siteRequires = false) {
  const draft = {
    id: 'abcde-12345',
    pids: {},
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

describe('DoiField', () => {
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
