import { Fieldset, SimpleGrid } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { emptyCustomFields, type CustomFieldsValue } from '../../form-values.ts';
import { TextField } from '../TextField/TextField.tsx';

type Group = keyof CustomFieldsValue;

/** The optional groups Imprint, Journal, Meeting and Thesis, as configured (SPEC §2). */
export function CustomFields({ groups }: { groups: readonly string[] }) {
  const { t } = useTranslation();
  const empty = emptyCustomFields();
  return (
    <>
      {(Object.keys(empty) as Group[])
        .filter((group) => groups.includes(group))
        .map((group) => (
          <Fieldset key={group} legend={t(`deposit.customFields.${group}.label`)}>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              {Object.keys(empty[group]).map((key) => (
                <TextField
                  key={key}
                  name={`custom_fields.${group}.${key}`}
                  label={t(`deposit.customFields.${group}.${key}` as never)}
                />
              ))}
            </SimpleGrid>
          </Fieldset>
        ))}
    </>
  );
}
