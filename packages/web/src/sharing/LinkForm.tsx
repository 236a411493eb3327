import {
  LINK_PERMISSIONS,
  SECRET_LINK_EXPIRATIONS,
  type LinkPermission,
  type RecordJson,
} from '@arca/schema';
import { Alert, Button, Group, List, NativeSelect, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/client.ts';
import { useCreateLink } from '../api/sharing.ts';
import { fieldErrorLines } from './field-errors.ts';
import { LinkLimits, limitsBody, NO_LIMITS } from './LinkLimits.tsx';
import { PermissionSelect } from './PermissionSelect.tsx';
import { ShareError } from './ShareError.tsx';

/** Today plus `days`, as the API's YYYY-MM-DD; undefined for "Never". */
export function expiryDate(days: number, today = new Date()): string | undefined {
  if (days === 0) return undefined;
  const date = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate()));
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** New secret link: permission (no view on drafts), expiry, short description, limits. */
export function LinkForm({ record }: { record: RecordJson }) {
  const { t } = useTranslation();
  const create = useCreateLink(record);
  const onDraft = !record.is_published;
  const [permission, setPermission] = useState<LinkPermission>(onDraft ? 'preview' : 'view');
  const [days, setDays] = useState(0);
  const [description, setDescription] = useState('');
  const [limits, setLimits] = useState(NO_LIMITS);
  const fieldLines = create.error instanceof ApiError ? fieldErrorLines(create.error.errors) : [];
  const expires_at = expiryDate(days);

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        create.mutate(
          {
            permission,
            ...(expires_at ? { expires_at } : {}),
            ...(description.trim() ? { description: description.trim() } : {}),
            ...limitsBody(limits),
          },
          {
            onSuccess: () => {
              setDescription('');
              setLimits(NO_LIMITS);
            },
          },
        );
      }}
    >
      <Group align="flex-end" gap="sm">
        <PermissionSelect<LinkPermission>
          label={t('sharing.permissionLabel')}
          value={permission}
          choices={LINK_PERMISSIONS}
          disabledChoices={onDraft ? ['view'] : []}
          onChange={setPermission}
        />
        <NativeSelect
          label={t('sharing.links.expiry')}
          value={String(days)}
          onChange={(event) => setDays(Number(event.currentTarget.value))}
          data={SECRET_LINK_EXPIRATIONS.map((value) => ({
            value: String(value),
            label: t(`sharing.expiration.${value}`),
          }))}
        />
        <TextInput
          label={t('sharing.links.description')}
          value={description}
          maxLength={255}
          onChange={(event) => setDescription(event.currentTarget.value)}
        />
      </Group>
      <Group align="flex-end" gap="sm" mt="sm">
        <LinkLimits value={limits} onChange={setLimits} />
        <Button type="submit" loading={create.isPending}>
          {t('sharing.links.create')}
        </Button>
      </Group>
      {fieldLines.length > 0 ? (
        <Alert color="red" variant="light" role="alert" title={t('sharing.error')} mt="sm">
          <List size="sm">
            {fieldLines.map((line) => (
              <List.Item key={line}>{line}</List.Item>
            ))}
          </List>
        </Alert>
      ) : (
        <ShareError error={create.error} />
      )}
    </form>
  );
}
