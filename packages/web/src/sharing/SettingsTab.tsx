import { SECRET_LINK_EXPIRATIONS, type RecordJson } from '@arca/schema';
import { Button, Group, NativeSelect, Stack, Switch, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUpdateAccessSettings } from '../api/sharing.ts';
import { ShareError } from './ShareError.tsx';

/** Who may ask for access, the conditions shown to them, guests' link lifetime (SPEC §2). */
export function SettingsTab({ record }: { record: RecordJson }) {
  const { t } = useTranslation();
  const stored = record.parent.access.settings;
  const [allowUsers, setAllowUsers] = useState(stored?.allow_user_requests ?? false);
  const [allowGuests, setAllowGuests] = useState(stored?.allow_guest_requests ?? false);
  const [conditions, setConditions] = useState(stored?.accept_conditions_text ?? '');
  const [expiration, setExpiration] = useState(Number(stored?.secret_link_expiration ?? 0));
  const save = useUpdateAccessSettings(record);

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        // SPEC §7: exactly these four keys.
        save.mutate({
          allow_user_requests: allowUsers,
          allow_guest_requests: allowGuests,
          accept_conditions_text: conditions.trim() ? conditions : null,
          secret_link_expiration: expiration,
        });
      }}
    >
      <Stack gap="sm" pt="sm">
        <Switch
          label={t('sharing.settings.allowUsers')}
          checked={allowUsers}
          onChange={(event) => setAllowUsers(event.currentTarget.checked)}
        />
        <Switch
          label={t('sharing.settings.allowGuests')}
          checked={allowGuests}
          onChange={(event) => setAllowGuests(event.currentTarget.checked)}
        />
        <Textarea
          label={t('sharing.settings.conditions')}
          description={t('sharing.settings.conditionsHelp')}
          value={conditions}
          minRows={3}
          onChange={(event) => setConditions(event.currentTarget.value)}
        />
        <NativeSelect
          label={t('sharing.settings.expiration')}
          value={String(expiration)}
          onChange={(event) => setExpiration(Number(event.currentTarget.value))}
          data={SECRET_LINK_EXPIRATIONS.map((value) => ({
            value: String(value),
            label: t(`sharing.expiration.${value}`),
          }))}
        />
        {save.isError && <ShareError error={save.error} title={t('sharing.settings.error')} />}
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending}>
            {save.isSuccess ? t('sharing.settings.saved') : t('sharing.settings.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
