import { Button, Group, Stack, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type RequestJson, useComment } from '../api/requests.ts';
import { ErrorAlert } from '../ui/ErrorAlert.tsx';

export function CommentBox({ request, token }: { request: RequestJson; token?: string }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const comment = useComment(request, token);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (text.trim()) comment.mutate(text.trim(), { onSuccess: () => setText('') });
      }}
    >
      <Stack gap="xs">
        <Textarea
          label={t('requests.comment')}
          value={text}
          minRows={3}
          onChange={(event) => setText(event.currentTarget.value)}
        />
        {comment.error && <ErrorAlert error={comment.error} />}
        <Group justify="flex-end">
          <Button type="submit" disabled={!text.trim()} loading={comment.isPending}>
            {t('requests.send')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
