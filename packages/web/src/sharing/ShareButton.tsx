import type { RecordJson } from '@arca/schema';
import { Button, Tooltip } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';

// The dialog loads when first opened: the pages with a Share button stay light.
const ShareModal = lazy(() =>
  import('./ShareModal.tsx').then((module) => ({ default: module.ShareModal })),
);

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
      {canManage && opened && (
        <Suspense fallback={null}>
          <ShareModal
            record={record}
            opened={opened}
            onClose={() => setOpened(false)}
            canManage={canManage}
          />
        </Suspense>
      )}
    </>
  );
}
