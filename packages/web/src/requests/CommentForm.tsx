import { Button, Group, Stack, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../ui/ErrorAlert.tsx';

/** A text box and a button; `onSubmit` resolves when the comment was saved. */
export function CommentForm({
  label,
  submitLabel,
  initial = '',
  onSubmit,
  onCancel,
  pending,
  error,
}: {
  label: string;
  submitLabel: string;
  initial?: string;
  onSubmit: (text: string) => Promise<unknown>;
  onCancel?: () => void;
  pending: boolean;
  error: unknown;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState(initial);
  return (
    <Stack gap="xs">
      <Textarea
        label={label}
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        minRows={2}
      />
      <Group>
        <Button
          loading={pending}
          disabled={text.trim() === ''}
          onClick={() =>
            void onSubmit(text).then(
              () => setText(''),
              () => undefined,
            )
          }
        >
          {submitLabel}
        </Button>
        {onCancel && (
          <Button variant="subtle" onClick={onCancel}>
            {t('requests.cancelEditing')}
          </Button>
        )}
      </Group>
      {error ? <ErrorAlert error={error} /> : null}
    </Stack>
  );
}
