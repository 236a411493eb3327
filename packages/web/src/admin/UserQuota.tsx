import 'virtual:english/admin';
import type { UserItem } from '@arca/schema';
import { Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { adminApi, useAdminMutation, useUserQuota } from '../api/admin.ts';
import { formatBytes } from '../i18n/format.ts';
import { displayName } from '../ui/UserMenu.tsx';
import { QuotaModal } from './QuotaModal.tsx';

/** A user's storage and draft limits, with what they use now. */
export function UserQuotaButton({ user }: { user: UserItem }) {
  const { t, i18n } = useTranslation();
  const [shown, setShown] = useState(false);
  const quota = useUserQuota(shown ? user.id : null);
  const save = useAdminMutation((values: Record<string, number>) =>
    adminApi.setUserQuota(user.id, {
      max_bytes: values.max_bytes ?? null,
      max_drafts: values.max_drafts ?? null,
    }),
  );
  const name = displayName(user);
  return (
    <QuotaModal
      title={t('admin.quota.userTitle', { name })}
      buttonLabel={`${t('admin.quota.button')}: ${name}`}
      onOpen={() => setShown(true)}
      fields={[
        { name: 'max_bytes', label: t('admin.quota.maxBytes'), value: quota.data?.max_bytes },
        { name: 'max_drafts', label: t('admin.quota.maxDrafts'), value: quota.data?.max_drafts },
      ]}
      summary={
        quota.data && (
          <Text>
            {t('admin.quota.userUsage', {
              used: formatBytes(quota.data.used_bytes, i18n.language),
              limit: formatBytes(quota.data.max_bytes, i18n.language),
              drafts: quota.data.open_drafts,
              maxDrafts: quota.data.max_drafts,
            })}
          </Text>
        )
      }
      error={quota.error ?? save.error}
      saving={save.isPending}
      onSave={(values, close) => save.mutate(values, { onSuccess: close })}
    />
  );
}
