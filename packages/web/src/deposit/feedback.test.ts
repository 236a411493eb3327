import { describe, expect, it } from 'vitest';
import { formErrors, validationFeedback } from './feedback.ts';
import { hasField } from './sections.ts';

describe('validation feedback', () => {
  it('reads the errors set on the form, nested and in lists, with their severity', () => {
    const errors = {
      metadata: {
        title: { type: 'error', message: 'Missing data for required field.', ref: {} },
        creators: [undefined, { person_or_org: { type: 'warning', message: 'Check the name.' } }],
      },
      files: { enabled: { type: 'error', message: '' } },
    };
    expect(formErrors(errors)).toEqual([
      { field: 'metadata.title', severity: 'error' },
      { field: 'metadata.creators.1.person_or_org', severity: 'warning' },
    ]);
  });

  it('knows which paths have a field; the others are told in the banner', () => {
    expect(hasField('pids.doi')).toBe(true);
    expect(hasField('metadata.creators.0.person_or_org.family_name')).toBe(true);
    expect(hasField('access.embargo.until')).toBe(true);
    expect(hasField('metadata.locations.0.place')).toBe(false);
    expect(hasField('pids.oai')).toBe(false);
    const feedback = validationFeedback('publish', [
      { field: 'pids.doi', messages: ['DOI is needed.'] },
      { field: 'pids.oai', messages: ['Unknown scheme.'] },
    ]);
    expect(feedback).toMatchObject({
      kind: 'validation',
      unplaced: [{ field: 'pids.oai', messages: ['Unknown scheme.'] }],
    });
  });
});
