import { useTranslation } from 'react-i18next';
import { newRows } from '../../form-values.ts';
import { RepeatableRows } from '../RepeatableRows.tsx';
import { TextField } from '../TextField/TextField.tsx';

/** References: each row is the reference string. */
export function ReferencesField() {
  const { t } = useTranslation();
  return (
    <RepeatableRows
      name="metadata.references"
      label={t('deposit.fields.references.label')}
      addLabel={t('deposit.fields.references.add')}
      newRow={newRows.reference}
      renderRow={(prefix) => (
        <TextField
          name={`${prefix}.reference`}
          label={t('deposit.fields.references.reference')}
          required
        />
      )}
    />
  );
}
