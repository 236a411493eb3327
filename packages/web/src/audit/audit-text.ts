import 'virtual:english/audit';
import type { AuditAction, AuditEvent } from '@arca/schema';
import type { TFunction } from 'i18next';

/** The catalogue key of an action: dots would nest, so they become underscores. */
export const actionKey = (action: AuditAction) =>
  `audit.actions.${action.replaceAll('.', '_') as AuditActionKey}` as const;

type Underscored<S extends string> = S extends `${infer A}.${infer B}`
  ? `${A}_${Underscored<B>}`
  : S;
type AuditActionKey = Underscored<AuditAction>;

/** An entry's action, in the reader's language. */
export const actionText = (t: TFunction, action: AuditAction) => t(actionKey(action));

/** Who acted: their name, the system, or someone whose name the reader may not see. */
export function actorText(t: TFunction, event: AuditEvent): string {
  if (event.actor === null) return t('audit.system');
  return event.actor.name || t('audit.hiddenActor');
}

const valueText = (t: TFunction, value: unknown): string => {
  if (value === null || value === undefined || value === '') return t('audit.none');
  if (typeof value === 'boolean') return value ? t('audit.yes') : t('audit.no');
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  return JSON.stringify(value);
};

/**
 * What an entry changed, one line per field: `field: before → after`. The
 * field names are the API's, as a script reading the log would see them.
 */
export function changeLines(t: TFunction, event: AuditEvent): string[] {
  const before = event.before ?? {};
  const after = event.after ?? {};
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return fields.map((field) => {
    const had = field in before;
    const has = field in after;
    if (had && has) {
      const from = valueText(t, before[field]);
      const to = valueText(t, after[field]);
      return from === to ? `${field}: ${to}` : `${field}: ${from} → ${to}`;
    }
    return `${field}: ${valueText(t, has ? after[field] : before[field])}`;
  });
}
