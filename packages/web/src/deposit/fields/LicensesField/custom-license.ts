import type { ValidationMessageKey } from '@arca/schema';
import { validateRecord } from '@arca/schema/records/validate-record';
import type { LicenseValue } from '../../form-values.ts';
import { toPayload } from '../../serializer.ts';
import { emptyFormValues } from '../../form-values.ts';

/**
 * A custom licence checked by the shared record validation (SPEC §5: title
 * required, link a valid URL), as it would be sent.
 */
export function checkCustomLicense(
  license: LicenseValue,
): Partial<Record<'title' | 'link', ValidationMessageKey>> {
  const values = emptyFormValues();
  values.metadata.rights = [
    { title: license.title, description: license.description, link: license.link },
  ];
  const errors = validateRecord(toPayload(values), { today: '2000-01-01' });
  const at = (field: string) =>
    errors.find((error) => error.field === field)?.messages[0] as ValidationMessageKey | undefined;
  return {
    title: at('metadata.rights.0.title'),
    link: at('metadata.rights.0.link'),
  };
}
