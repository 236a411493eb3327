import { RECORD_IDENTIFIER_SCHEMES } from '@arca/schema/records/identifiers';
import { useTranslation } from 'react-i18next';
import { newRows } from '../../form-values.ts';
import { RepeatableRows } from '../RepeatableRows.tsx';
import { SchemeSelect } from '../SchemeSelect.tsx';
import { TextField } from '../TextField/TextField.tsx';
import { VocabularySelect } from '../VocabularySelect.tsx';

/** Related works: relation, identifier and scheme; new rows start empty (SPEC §9). */
export function RelatedWorksField() {
  const { t } = useTranslation();
  return (
    <RepeatableRows
      name="metadata.related_identifiers"
      label={t('deposit.fields.relatedWorks.label')}
      addLabel={t('deposit.fields.relatedWorks.add')}
      newRow={newRows.relatedIdentifier}
      renderRow={(prefix) => (
        <>
          <VocabularySelect
            name={`${prefix}.relation_type`}
            type="relationtypes"
            label={t('deposit.fields.relatedWorks.relation')}
            required
          />
          <TextField
            name={`${prefix}.identifier`}
            label={t('deposit.fields.identifier')}
            required
          />
          <SchemeSelect name={`${prefix}.scheme`} schemes={RECORD_IDENTIFIER_SCHEMES} />
          <VocabularySelect
            name={`${prefix}.resource_type`}
            type="resourcetypes"
            tags="linkable"
            label={t('deposit.fields.resourceType.label')}
          />
        </>
      )}
    />
  );
}
