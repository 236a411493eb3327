import { RECORD_IDENTIFIER_SCHEMES } from '@arca/schema/records/identifiers';
import { useTranslation } from 'react-i18next';
import { newRows } from '../../form-values.ts';
import { RepeatableRows } from '../RepeatableRows.tsx';
import { SchemeSelect } from '../SchemeSelect.tsx';
import { TextField } from '../TextField/TextField.tsx';

/** Alternate identifiers of the record: identifier and scheme required. */
export function IdentifiersField() {
  const { t } = useTranslation();
  return (
    <RepeatableRows
      name="metadata.identifiers"
      label={t('deposit.fields.identifiers.label')}
      addLabel={t('deposit.fields.identifiers.add')}
      newRow={newRows.identifier}
      renderRow={(prefix) => (
        <>
          <TextField
            name={`${prefix}.identifier`}
            label={t('deposit.fields.identifier')}
            required
          />
          <SchemeSelect name={`${prefix}.scheme`} schemes={RECORD_IDENTIFIER_SCHEMES} />
        </>
      )}
    />
  );
}
