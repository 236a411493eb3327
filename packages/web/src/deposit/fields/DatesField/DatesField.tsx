import { useTranslation } from 'react-i18next';
import { newRows } from '../../form-values.ts';
import { RepeatableRows } from '../RepeatableRows.tsx';
import { isolateLtr } from '../ltr-fragments.tsx';
import { TextField } from '../TextField/TextField.tsx';
import { VocabularySelect } from '../VocabularySelect.tsx';

/** Dates: a date or interval (YYYY, YYYY-MM, YYYY-MM-DD, or two joined by "/") and a type. */
export function DatesField() {
  const { t } = useTranslation();
  return (
    <RepeatableRows
      name="metadata.dates"
      label={t('deposit.fields.dates.label')}
      addLabel={t('deposit.fields.dates.add')}
      newRow={newRows.date}
      renderRow={(prefix) => (
        <>
          <TextField
            name={`${prefix}.date`}
            label={t('deposit.fields.dates.date')}
            description={isolateLtr(t('deposit.fields.dates.hint'))}
            placeholder={t('deposit.fields.datePlaceholder')}
            dir="ltr"
            required
          />
          <VocabularySelect
            name={`${prefix}.type`}
            type="datetypes"
            label={t('deposit.fields.type')}
            required
          />
          <TextField name={`${prefix}.description`} label={t('deposit.fields.dates.description')} />
        </>
      )}
    />
  );
}
