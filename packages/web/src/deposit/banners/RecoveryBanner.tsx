import { Alert, Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../i18n/format.ts';
import type { Recovery } from '../useRecovery.ts';

/** Offers back the values a crash or a reload left unsaved. */
export function RecoveryBanner({ recovery }: { recovery: Recovery }) {
  const { t, i18n } = useTranslation();
  const { offer } = recovery;
  if (!offer) return null;
  const when = formatDateTime(offer.savedAt, i18n.language);
  return (
    <Alert color="yellow" variant="light" role="alert" title={t('deposit.recovery.title')}>
      <Text size="sm">{t('deposit.recovery.text', { when })}</Text>
      <Group mt="sm" gap="xs">
        <Button size="xs" onClick={recovery.restore}>
          {t('deposit.recovery.restore')}
        </Button>
        <Button size="xs" variant="default" onClick={recovery.dismiss}>
          {t('deposit.recovery.dismiss')}
        </Button>
      </Group>
    </Alert>
  );
}
