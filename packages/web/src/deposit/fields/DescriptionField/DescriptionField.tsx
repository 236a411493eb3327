import { Input, Skeleton } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useController } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { DepositFormValues } from '../../form-values.ts';
import { errorText, useFieldError } from '../field-error.tsx';

// The rich-text editor is the heaviest part of the form: it loads after the page.
const RichTextEditor = lazy(() =>
  import('./RichTextEditor.tsx').then((module) => ({ default: module.RichTextEditor })),
);

/** The description, as HTML from a rich-text editor; the server sanitises it. */
export function DescriptionField() {
  const { t } = useTranslation();
  const { field } = useController<DepositFormValues, 'metadata.description'>({
    name: 'metadata.description',
  });
  const error = useFieldError('metadata.description');
  return (
    <Input.Wrapper
      label={t('deposit.fields.description.label')}
      error={errorText(error)}
      id="deposit-description"
    >
      <Suspense fallback={<Skeleton height={140} />}>
        <RichTextEditor
          value={field.value}
          onChange={field.onChange}
          onBlur={field.onBlur}
          label={t('deposit.fields.description.label')}
        />
      </Suspense>
    </Input.Wrapper>
  );
}
