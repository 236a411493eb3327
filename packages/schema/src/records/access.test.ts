import { describe, expect, it } from 'vitest';
import { validationMessages as text } from '../messages.ts';
import { TODAY, errorsOf, withBody } from './test-support.ts';

const REQUIRED = 'Missing data for required field.';
const embargo = (fields: Record<string, unknown>) =>
  withBody({ access: { record: 'public', files: 'restricted', embargo: fields } });

describe('access', () => {
  it('defaults to public when absent', () => {
    expect(errorsOf(withBody({ access: undefined }))).toEqual({});
    expect(errorsOf(withBody({ access: {} }))).toEqual({});
  });

  it('takes public or restricted for the record and the files', () => {
    expect(errorsOf(withBody({ access: { record: 'private', files: 1 } }))).toEqual({
      'access.record': [text.invalidVisibility],
      'access.files': [text.invalidVisibility],
    });
    expect(errorsOf(withBody({ access: { record: 'restricted', files: 'restricted' } }))).toEqual(
      {},
    );
  });

  it('is an object', () => {
    expect(errorsOf(withBody({ access: 'public' }))).toEqual({ access: [text.notAnObject] });
  });
});

describe('access.embargo', () => {
  it('needs an end date when active', () => {
    expect(errorsOf(embargo({ active: true }))).toEqual({
      'access.embargo.until': [text.embargoUntilRequired],
    });
    expect(errorsOf(embargo({ active: true, until: null, reason: null }))).toEqual({
      'access.embargo.until': [text.embargoUntilRequired],
    });
  });

  it.each(['2099-13-01', '2099-02-30', '2099', '31/12/2099', 20991231])(
    'refuses the end date %j',
    (until) => {
      expect(errorsOf(embargo({ active: true, until }))).toEqual({
        'access.embargo.until': [text.invalidEmbargoDate],
      });
    },
  );

  it('needs an end date after today', () => {
    for (const until of [TODAY, '2025-12-31']) {
      expect(errorsOf(embargo({ active: true, until }))).toEqual({
        'access.embargo.until': [text.embargoUntilNotFuture],
      });
    }
    expect(
      errorsOf(embargo({ active: true, until: '2026-01-16', reason: 'Article in press' })),
    ).toEqual({});
  });

  it('keeps the end date of a lifted embargo', () => {
    expect(errorsOf(embargo({ active: false, until: '2025-06-01', reason: null }))).toEqual({});
  });

  it('takes a boolean active and a string reason', () => {
    expect(errorsOf(embargo({ active: 'yes', reason: 5 }))).toEqual({
      'access.embargo.active': [text.notABoolean],
      'access.embargo.reason': [text.notAString],
    });
  });
});

describe('files', () => {
  it('takes a boolean enabled', () => {
    expect(errorsOf(withBody({ files: { enabled: 'no' } }))).toEqual({
      'files.enabled': [text.notABoolean],
    });
    expect(errorsOf(withBody({ files: { enabled: true } }))).toEqual({});
    expect(errorsOf(withBody({ files: undefined }))).toEqual({});
  });
});

describe('pids.doi', () => {
  const doi = (fields: Record<string, unknown>) => withBody({ pids: { doi: fields } });

  it('needs a valid DOI from an external provider', () => {
    expect(errorsOf(doi({ provider: 'external', identifier: 'zenodo.1234' }))).toEqual({
      'pids.doi.identifier': [text.invalidDoi],
    });
    // Not given yet: reported on pids.doi, as InvenioRDM's external provider does.
    expect(errorsOf(doi({ provider: 'external', identifier: '' }))).toEqual({
      'pids.doi': [text.missingDoi],
    });
  });

  it('accepts an external DOI as a doi.org URL', () => {
    expect(
      errorsOf(doi({ provider: 'external', identifier: 'https://doi.org/10.5281/zenodo.1234' })),
    ).toEqual({});
  });

  it('leaves managed DOIs to the server', () => {
    expect(
      errorsOf(doi({ provider: 'datacite', identifier: '10.1234/arca.42', client: 'datacite' })),
    ).toEqual({});
    expect(errorsOf(doi({ provider: 'managed' }))).toEqual({});
  });

  it('needs a provider', () => {
    expect(errorsOf(doi({ identifier: '10.1234/x' }))).toEqual({ 'pids.doi.provider': [REQUIRED] });
  });

  it('is optional', () => {
    expect(errorsOf(withBody({ pids: {} }))).toEqual({});
    expect(errorsOf(withBody({ pids: { doi: null } }))).toEqual({});
  });
});

describe('custom_fields', () => {
  it('is an object of anything', () => {
    expect(errorsOf(withBody({ custom_fields: { 'journal:journal': { title: 'J' } } }))).toEqual(
      {},
    );
    expect(errorsOf(withBody({ custom_fields: [] }))).toEqual({
      custom_fields: [text.notAnObject],
    });
  });
});
