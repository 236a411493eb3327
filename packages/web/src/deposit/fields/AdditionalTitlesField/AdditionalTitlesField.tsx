import { useTranslation } from 'react-i18next';
import { newRows } from '../../form-values.ts';
import { RepeatableRows } from '../RepeatableRows.tsx';
import { TextField } from '../TextField/TextField.tsx';
import { VocabularySelect } from '../VocabularySelect.tsx';
import { LanguageSelect } from '../LanguagesField/LanguageSelect.tsx';

/** Additional titles: title and type required; new rows are alternative titles (SPEC §9). */
export function AdditionalTitlesField() {
  const { t } = useTranslation();
  return (
    <RepeatableRows
      name="metadata.additional_titles"
      label={t('deposit.fields.additionalTitles.label')}
      addLabel={t('deposit.fields.additionalTitles.add')}
      newRow={newRows.additionalTitle}
      renderRow={(prefix) => (
        <>
          <TextField
            name={`${prefix}.title`}
            label={t('deposit.fields.additionalTitles.title')}
            required
          />
          <VocabularySelect
            name={`${prefix}.type`}
            type="titletypes"
            label={t('deposit.fields.type')}
            required
          />
          <LanguageSelect name={`${prefix}.lang`} label={t('deposit.fields.language')} />
        </>
      )}
    />
  );
}
