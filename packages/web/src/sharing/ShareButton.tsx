import type { RecordJson } from '@arca/schema';
import { Button, Tooltip } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ShareModal } from './ShareModal.tsx';

/** Opens the share dialog; disabled, with SPEC's tooltip, for those who may not manage. */
export function ShareButton({ record }: { record: RecordJson }) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const permissions = (record.ui?.permissions ?? {}) as Record<string, boolean | undefined>;
  const canManage = permissions.can_manage === true;
  return (
    <>
      <Tooltip label={t('sharing.denied')} disabled={canManage}>
        <Button
          variant="default"
          // Not `disabled`: a disabled button gets no hover, so no tooltip (Mantine docs).
          data-disabled={canManage ? undefined : true}
          aria-disabled={!canManage}
          onClick={() => {
            if (canManage) setOpened(true);
          }}
        >
          {t('sharing.share')}
        </Button>
      </Tooltip>
      {canManage && (
        <ShareModal
          record={record}
          opened={opened}
          onClose={() => setOpened(false)}
          canManage={canManage}
        />
      )}
    </>
  );
}
