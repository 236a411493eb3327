// Every action and subject the audit log records has a name on the admin page:
// the catalogue test then holds every language to the English keys.
import { AUDIT_ACTIONS, AUDIT_SUBJECT_TYPES } from '@arca/schema';
import { describe, expect, it } from 'vitest';
import en from '../i18n/locales/en.json';
import { actionKey } from './audit-text.ts';

const lookup = (path: string): unknown =>
  path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown>)?.[key], en);

describe('audit labels', () => {
  it('names every recorded action', () => {
    const unnamed = AUDIT_ACTIONS.filter((action) => typeof lookup(actionKey(action)) !== 'string');
    expect(unnamed).toEqual([]);
  });

  it('names every kind of subject', () => {
    const unnamed = AUDIT_SUBJECT_TYPES.filter(
      (type) => typeof lookup(`admin.audit.subjectTypes.${type}`) !== 'string',
    );
    expect(unnamed).toEqual([]);
  });
});
