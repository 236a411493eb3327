import { useTranslation } from 'react-i18next';
import { isolateLtr } from '../ltr-fragments.tsx';
import { TextField } from '../TextField/TextField.tsx';

/** EDTF level 0, with SPEC §5's hint. */
export function PublicationDateField() {
  const { t } = useTranslation();
  return (
    <TextField
      name="metadata.publication_date"
      label={t('deposit.fields.publicationDate.label')}
      description={isolateLtr(t('deposit.fields.publicationDate.hint'))}
      placeholder={t('deposit.fields.datePlaceholder')}
      dir="ltr"
      required
    />
  );
}
