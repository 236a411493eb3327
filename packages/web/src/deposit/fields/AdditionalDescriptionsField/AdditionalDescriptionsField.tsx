import { Textarea } from '@mantine/core';
import { useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { newRows, type DepositFormValues } from '../../form-values.ts';
import { errorText, useFieldError } from '../field-error.tsx';
import { LanguageSelect } from '../LanguagesField/LanguageSelect.tsx';
import { RepeatableRows } from '../RepeatableRows.tsx';
import { VocabularySelect } from '../VocabularySelect.tsx';

function DescriptionText({ name }: { name: string }) {
  const { t } = useTranslation();
  const { register } = useFormContext<DepositFormValues>();
  const error = useFieldError(name);
  return (
    <Textarea
      {...register(name as never)}
      label={t('deposit.fields.additionalDescriptions.description')}
      withAsterisk
      autosize
      minRows={2}
      error={errorText(error)}
    />
  );
}

/** Additional descriptions: description and type required (SPEC §5). */
export function AdditionalDescriptionsField() {
  const { t } = useTranslation();
  return (
    <RepeatableRows
      name="metadata.additional_descriptions"
      label={t('deposit.fields.additionalDescriptions.label')}
      addLabel={t('deposit.fields.additionalDescriptions.add')}
      newRow={newRows.additionalDescription}
      renderRow={(prefix) => (
        <>
          <DescriptionText name={`${prefix}.description`} />
          <VocabularySelect
            name={`${prefix}.type`}
            type="descriptiontypes"
            label={t('deposit.fields.type')}
            required
          />
          <LanguageSelect name={`${prefix}.lang`} label={t('deposit.fields.language')} />
        </>
      )}
    />
  );
}
