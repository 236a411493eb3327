import 'virtual:english/requests';
import { Button, Group, Stack, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { type RequestJson, useComment } from '../api/requests.ts';
import { ErrorAlert } from '../ui/ErrorAlert.tsx';

interface CommentBoxProps {
  request: RequestJson;
  token?: string | undefined;
  /** The text is kept by the page: an action (e.g. decline) sends it as its reason. */
  text: string;
  onTextChange: (text: string) => void;
}

export function CommentBox({ request, token, text, onTextChange }: CommentBoxProps) {
  const { t } = useTranslation();
  const comment = useComment(request, token);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (text.trim()) comment.mutate(text.trim(), { onSuccess: () => onTextChange('') });
      }}
    >
      <Stack gap="xs">
        <Textarea
          label={t('requests.comment')}
          description={
            Object.keys(request.links.actions).length > 0 ? t('requests.commentHint') : undefined
          }
          value={text}
          minRows={3}
          onChange={(event) => onTextChange(event.currentTarget.value)}
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
