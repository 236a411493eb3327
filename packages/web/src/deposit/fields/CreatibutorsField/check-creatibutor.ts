import { validateRecord } from '@arca/schema/records/validate-record';
import { emptyFormValues, type CreatibutorValue } from '../../form-values.ts';
import { toPayload } from '../../serializer.ts';

export type CreatibutorKind = 'creators' | 'contributors';

/**
 * The problems of one creator or contributor, by field path inside it (e.g.
 * `person_or_org.family_name`), from the shared record validation (SPEC §5).
 */
export function checkCreatibutor(
  kind: CreatibutorKind,
  value: CreatibutorValue,
): Map<string, string> {
  const values = emptyFormValues();
  values.metadata[kind] = [value];
  const prefix = `metadata.${kind}.0.`;
  const problems = new Map<string, string>();
  for (const error of validateRecord(toPayload(values), { today: '2000-01-01' })) {
    if (!error.field.startsWith(prefix)) continue;
    const field = error.field.slice(prefix.length).replace(/\.id$/, '');
    const message = error.messages[0];
    if (message) problems.set(field, message);
  }
  return problems;
}
