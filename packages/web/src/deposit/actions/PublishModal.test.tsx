import { screen } from '@testing-library/react';
import { FormProvider, useForm } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { emptyCreatibutor, emptyFormValues, type DepositFormValues } from '../form-values.ts';
import { renderWithProviders } from '../test-providers.tsx';
import { PublishModal } from './PublishModal.tsx';
import { deleteKind, publishBlockedByFiles } from './publish-rules.ts';
import type { RecordJson } from '@arca/schema';

function WithForm({ values, onConfirm }: { values: DepositFormValues; onConfirm: () => void }) {
  const form = useForm({ defaultValues: values });
  return (
    <FormProvider {...form}>
      <PublishModal
        opened
        onClose={() => {}}
        onConfirm={onConfirm}
        extraCheckboxes={[{ id: 'terms', label: 'I accept the terms of use' }]}
      />
    </FormProvider>
  );
}

describe('PublishModal', () => {
  it('names the record (60 characters, 3 creators and N others) and wants every extra box ticked', async () => {
    const values = emptyFormValues();
    values.metadata.title = 'A'.repeat(70);
    values.metadata.creators = ['Ada', 'Bea', 'Cy', 'Dee', 'Eve'].map((family) => {
      const creator = emptyCreatibutor();
      creator.person_or_org.family_name = family;
      return creator;
    });
    const onConfirm = vi.fn();
    const { user } = renderWithProviders(<WithForm values={values} onConfirm={onConfirm} />);
    expect(screen.getByText(`${'A'.repeat(60)}…`)).toBeInTheDocument();
    expect(screen.getByText('Ada; Bea; Cy and 2 others')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Publish' }));
    expect(screen.getByText('You must accept this.')).toBeInTheDocument();
    expect(onConfirm).not.toHaveBeenCalled();
    await user.click(screen.getByRole('checkbox', { name: 'I accept the terms of use' }));
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    expect(onConfirm).toHaveBeenCalledOnce();
  });
});

describe('publish rules', () => {
  const draft = (files: RecordJson['files'], extra: Partial<RecordJson> = {}) =>
    ({
      files,
      is_published: false,
      versions: { index: 1, is_latest: false },
      ...extra,
    }) as RecordJson;

  it('disables Publish with files expected and none, or a file unfinished', () => {
    expect(publishBlockedByFiles(draft({ enabled: true, count: 0 }), true, false)).toBe('noFiles');
    expect(publishBlockedByFiles(draft({ enabled: false }), false, false)).toBeUndefined();
    const pending = { 'a.csv': { key: 'a.csv', status: 'pending' } } as never;
    expect(
      publishBlockedByFiles(draft({ enabled: true, count: 1, entries: pending }), true, false),
    ).toBe('unfinished');
    const done = { 'a.csv': { key: 'a.csv', status: 'completed' } } as never;
    const withDone = draft({ enabled: true, count: 1, entries: done });
    expect(publishBlockedByFiles(withDone, true, false)).toBeUndefined();
    // A file still uploading from this page is not finished either.
    expect(publishBlockedByFiles(withDone, true, true)).toBe('unfinished');
  });

  it('offers Delete, Discard changes or Discard version', () => {
    expect(deleteKind(undefined)).toBe('delete');
    expect(deleteKind(draft({ enabled: true }))).toBe('delete');
    expect(deleteKind(draft({ enabled: true }, { is_published: true }))).toBe('discardChanges');
    expect(deleteKind(draft({ enabled: true }, { versions: { index: 2, is_latest: false } }))).toBe(
      'discardVersion',
    );
  });
});
