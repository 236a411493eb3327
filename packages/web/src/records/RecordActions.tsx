import type { RecordJson } from '@arca/schema';
import { Button, Card, Stack, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useEditRecord, useNewVersion } from '../api/records.ts';
import { ShareButton } from '../sharing/ShareButton.tsx';
import { ErrorAlert } from '../ui/ErrorAlert.tsx';

/** The abilities the server sent with the record (`ui.permissions`); the page never derives them. */
export function permissionsOf(record: RecordJson): Record<string, boolean | undefined> {
  return (record.ui?.permissions as Record<string, boolean> | undefined) ?? {};
}

function pathOf(link: string): string {
  const url = new URL(link, window.location.origin);
  return url.pathname + url.search;
}

/** Edit and New version, by permission, and the Share button. */
export function RecordActions({ record }: { record: RecordJson }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const edit = useEditRecord();
  const newVersion = useNewVersion();
  const can = permissionsOf(record);

  const mayEdit = record.is_draft ? can.can_update_draft : can.can_edit;
  if (!mayEdit && !can.can_manage && !can.can_new_version) return null;

  const openEditor = async () => {
    // A published record is edited through its edit draft, created (or reused) first.
    if (!record.is_draft) await edit.mutateAsync(record);
    await navigate(`/uploads/${record.id}`);
  };
  const startNewVersion = async () => {
    const draft = await newVersion.mutateAsync(record);
    // SPEC §2: the browser goes to the new draft's own page.
    await navigate(draft.links.self_html ? pathOf(draft.links.self_html) : `/uploads/${draft.id}`);
  };

  return (
    <Card withBorder padding="md">
      <Stack gap="sm">
        {mayEdit &&
          (record.is_draft ? (
            <Button component={Link} to={`/uploads/${record.id}`}>
              {t('records.actions.edit')}
            </Button>
          ) : (
            <Button loading={edit.isPending} onClick={() => void openEditor().catch(() => {})}>
              {t('records.actions.edit')}
            </Button>
          ))}
        {record.is_published && (
          <Tooltip
            label={t('records.actions.newVersionDenied')}
            disabled={can.can_new_version === true}
          >
            <Button
              variant="default"
              // Not `disabled`: a disabled button gets no hover, so no tooltip (Mantine docs).
              data-disabled={can.can_new_version ? undefined : true}
              aria-disabled={!can.can_new_version}
              loading={newVersion.isPending}
              onClick={() => {
                if (can.can_new_version) void startNewVersion().catch(() => {});
              }}
            >
              {t('records.actions.newVersion')}
            </Button>
          </Tooltip>
        )}
        <ShareButton record={record} />
        {edit.error && <ErrorAlert error={edit.error} />}
        {newVersion.error && <ErrorAlert error={newVersion.error} />}
      </Stack>
    </Card>
  );
}
