import { Input, Skeleton } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useController } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { DepositFormValues } from '../../form-values.ts';
import { errorText, useFieldError } from '../field-error.tsx';

// The rich-text editor is the heaviest part of the form (about 120 KB
// gzipped): its own chunk, fetched as soon as the editor's code runs, in
// parallel with the draft. Until it is there a skeleton stands in, never a
// box that looks typeable: keystrokes into a stand-in would be lost when the
// editor replaced it.
const editorChunk = import('./RichTextEditor.tsx');
const RichTextEditor = lazy(() =>
  editorChunk.then((module) => ({ default: module.RichTextEditor })),
);

/** The description, as HTML from a rich-text editor; the server sanitises it. */
export function DescriptionField() {
  const { t } = useTranslation();
  const { field } = useController<DepositFormValues, 'metadata.description'>({
    name: 'metadata.description',
  });
  const error = useFieldError('metadata.description');
  const label = t('deposit.fields.description.label');

  return (
    <Input.Wrapper
      label={label}
      description={t('deposit.fields.description.placeholder')}
      error={errorText(error)}
    >
      <Suspense fallback={<Skeleton height={168} mt={4} />}>
        <RichTextEditor
          value={field.value}
          onChange={field.onChange}
          onBlur={field.onBlur}
          label={label}
        />
      </Suspense>
    </Input.Wrapper>
  );
}
