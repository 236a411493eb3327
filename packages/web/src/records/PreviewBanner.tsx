import { Alert } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Says that what is shown is a draft, not (yet) the published record. */
export function PreviewBanner() {
  const { t } = useTranslation();
  return (
    <Alert color="yellow" variant="filled" title={t('records.preview.title')} role="status">
      {t('records.preview.body')}
    </Alert>
  );
}
