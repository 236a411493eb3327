import { useTranslation } from 'react-i18next';
import { TextField } from '../TextField/TextField.tsx';

export function TitleField() {
  const { t } = useTranslation();
  return <TextField name="metadata.title" label={t('deposit.fields.title.label')} required />;
}
