import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { startTestApp } from './harness.ts';

describe('the deposit settings in /api/config', () => {
  it('tell the deposit form the DOI rule, the grace period and the custom field groups', async () => {
    const app = await startTestApp({
      env: {
        ARCA_DOI_REQUIRED: 'true',
        ARCA_RESTRICTION_GRACE_DAYS: '7',
        ARCA_DEPOSIT_CUSTOM_FIELDS: 'journal, thesis',
      },
    });
    try {
      const response = await app.client().get('/api/config');
      expect(response.status).toBe(200);
      expect(response.json.deposit).toEqual({
        doi_required: true,
        doi_registration: 'local',
        restriction_grace_days: 7,
        custom_fields: ['journal', 'thesis'],
      });
    } finally {
      await app.close();
    }
  });

  it('refuses an unknown custom field group, naming the setting', () => {
    expect(() => loadConfig({ ARCA_DEPOSIT_CUSTOM_FIELDS: 'imprint,poetry' })).toThrow(
      /ARCA_DEPOSIT_CUSTOM_FIELDS/,
    );
    expect(loadConfig({ ARCA_SECRET_KEY: 'x'.repeat(40) }).depositCustomFields).toEqual([]);
  });

  it("takes the four DataCite settings together, DataCite's prefix replacing the DOI prefix", () => {
    const datacite = {
      ARCA_SECRET_KEY: 'x'.repeat(40),
      ARCA_DATACITE_URL: 'https://api.test.datacite.org/',
      ARCA_DATACITE_REPOSITORY_ID: 'ARCA.TEST',
      ARCA_DATACITE_PASSWORD: 'secret',
      ARCA_DATACITE_PREFIX: '10.80003',
    };
    const config = loadConfig(datacite);
    expect(config.doiPrefix).toBe('10.80003');
    expect(config.datacite).toMatchObject({
      url: 'https://api.test.datacite.org',
      prefix: '10.80003',
    });
    expect(loadConfig({ ARCA_SECRET_KEY: 'x'.repeat(40) }).datacite).toBeUndefined();
    const { ARCA_DATACITE_PASSWORD: _password, ...withoutPassword } = datacite;
    expect(() => loadConfig(withoutPassword)).toThrow(/ARCA_DATACITE_PASSWORD: required/);
  });
});
