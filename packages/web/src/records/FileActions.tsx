import { Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { apiPath, type FileListEntry } from '../api/records.ts';
import { previewKind } from './file-preview.ts';

/** An API link as a same-site path, carrying a secret link's token. */
export function withToken(link: string | undefined, token: string | undefined): string | undefined {
  if (!link) return undefined;
  const path = apiPath(link);
  return token
    ? `${path}${path.includes('?') ? '&' : '?'}token=${encodeURIComponent(token)}`
    : path;
}

export const contentUrl = (file: FileListEntry, token: string | undefined) =>
  withToken(file.links.content, token);

/** A file's Preview (of the kinds shown in the page) and Download buttons. */
export function FileActions({
  file,
  token,
  onPreview,
}: {
  file: FileListEntry;
  token: string | undefined;
  onPreview: (key: string) => void;
}) {
  const { t } = useTranslation();
  const url = contentUrl(file, token);
  const kind = previewKind(file.key, file.mimetype);
  return (
    <Group gap="xs" wrap="nowrap">
      {kind && url && (
        <Button
          size="xs"
          variant="default"
          onClick={() => onPreview(file.key)}
          aria-label={t('records.files.previewFile', { name: file.key })}
        >
          {t('records.files.preview')}
        </Button>
      )}
      {url && (
        <Button
          size="xs"
          component="a"
          href={url}
          download={file.key}
          aria-label={t('records.files.downloadFile', { name: file.key })}
        >
          {t('records.files.download')}
        </Button>
      )}
    </Group>
  );
}
