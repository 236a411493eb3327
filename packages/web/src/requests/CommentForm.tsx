import 'virtual:english/requests';
import { Button, Group, Stack, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../ui/ErrorAlert.tsx';

interface CommentFormProps {
  label: string;
  submitLabel: string;
  initialText?: string;
  pending: boolean;
  error: unknown;
  onSubmit: (text: string) => void;
  onCancel: () => void;
}

/** The text box of an edit or a reply, with its send and cancel buttons. */
export function CommentForm({
  label,
  submitLabel,
  initialText = '',
  pending,
  error,
  onSubmit,
  onCancel,
}: CommentFormProps) {
  const { t } = useTranslation();
  const [text, setText] = useState(initialText);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (text.trim()) onSubmit(text.trim());
      }}
    >
      <Stack gap="xs">
        <Textarea
          label={label}
          value={text}
          rows={3}
          // Opened by a click on Edit or Reply: typing goes straight into it.
          autoFocus
          onChange={(event) => setText(event.currentTarget.value)}
        />
        {error ? <ErrorAlert error={error} /> : null}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" size="xs" onClick={onCancel} disabled={pending}>
            {t('requests.comments.cancel')}
          </Button>
          <Button type="submit" size="xs" disabled={!text.trim()} loading={pending}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
