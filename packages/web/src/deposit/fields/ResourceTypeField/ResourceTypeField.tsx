import { useTranslation } from 'react-i18next';
import { VocabularySelect } from '../VocabularySelect.tsx';

/** Resource types a person may deposit (tag "depositable", API.md §5.2). */
export function ResourceTypeField() {
  const { t } = useTranslation();
  return (
    <VocabularySelect
      name="metadata.resource_type"
      type="resourcetypes"
      tags="depositable"
      label={t('deposit.fields.resourceType.label')}
      required
      clearable={false}
    />
  );
}
