import 'virtual:english/admin';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { adminApi, useAdminMutation, useRecordQuota } from '../api/admin.ts';
import { QuotaModal } from './QuotaModal.tsx';

/** A record's file limits: how many files and how many bytes its versions may hold. */
export function RecordQuotaButton({ id, title }: { id: string; title: string }) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  const quota = useRecordQuota(shown ? id : null);
  const save = useAdminMutation((values: Record<string, number>) =>
    adminApi.setRecordQuota(id, {
      max_files: values.max_files ?? 0,
      max_bytes: values.max_bytes ?? 0,
    }),
  );
  return (
    <QuotaModal
      title={t('admin.quota.recordTitle', { title })}
      buttonLabel={`${t('admin.quota.button')}: ${title}`}
      onOpen={() => setShown(true)}
      fields={[
        { name: 'max_files', label: t('admin.quota.maxFiles'), value: quota.data?.max_files },
        { name: 'max_bytes', label: t('admin.quota.maxBytes'), value: quota.data?.max_bytes },
      ]}
      summary={null}
      error={quota.error ?? save.error}
      saving={save.isPending}
      onSave={(values, close) => save.mutate(values, { onSuccess: close })}
    />
  );
}
