import { Input, Paper, Skeleton, Text } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { useController } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { DepositFormValues } from '../../form-values.ts';
import { errorText, useFieldError } from '../field-error.tsx';

const loadEditor = () => import('./RichTextEditor.tsx');

// The rich-text editor is the heaviest part of the form (about 120 KB
// gzipped): it loads when the person starts on the description, not with the
// page, which keeps the page's first load small.
const RichTextEditor = lazy(() =>
  loadEditor().then((module) => ({ default: module.RichTextEditor })),
);

/** The text of an HTML description, for the box shown before the editor loads. */
function plainText(html: string): string {
  return new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '';
}

/** The description, as HTML from a rich-text editor; the server sanitises it. */
export function DescriptionField() {
  const { t } = useTranslation();
  const { field } = useController<DepositFormValues, 'metadata.description'>({
    name: 'metadata.description',
  });
  const error = useFieldError('metadata.description');
  const [editing, setEditing] = useState(false);
  const label = t('deposit.fields.description.label');
  const start = () => setEditing(true);

  return (
    <Input.Wrapper label={label} error={errorText(error)}>
      {editing ? (
        <Suspense fallback={<Skeleton height={160} />}>
          <RichTextEditor
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            label={label}
          />
        </Suspense>
      ) : (
        <Paper
          withBorder
          p="xs"
          mih={160}
          role="textbox"
          aria-label={label}
          aria-multiline
          tabIndex={0}
          onFocus={start}
          onClick={start}
          onPointerEnter={() => void loadEditor()}
          style={{ cursor: 'text' }}
        >
          <Text size="sm" c={field.value ? undefined : 'dimmed'} style={{ whiteSpace: 'pre-wrap' }}>
            {field.value ? plainText(field.value) : t('deposit.fields.description.placeholder')}
          </Text>
        </Paper>
      )}
    </Input.Wrapper>
  );
}
