import type { RecordJson } from '@arca/schema';
import type { OaiFormat } from '../src/oai/formats.ts';
import { oaiProvider, type OaiProvider } from '../src/oai/provider.ts';
import { resumptionTokens } from '../src/oai/tokens.ts';
import { serializeRecord } from '../src/resources/serializers/record.serializer.ts';
import { linkBuilder } from '../src/http/links.ts';
import { translator } from '../src/i18n.ts';
import type { TestApp } from './harness.ts';

// A format for walks alone: the title, so a test sees which revision it got.
const TITLE_NS = 'urn:arca:test:title';
export const titleFormat: OaiFormat = {
  prefix: 'test_title',
  schema: 'urn:arca:test:title.xsd',
  namespace: TITLE_NS,
  render: (record: RecordJson) =>
    `<t:title xmlns:t="${TITLE_NS}">${(record.metadata.title ?? '').replace(/[<&]/g, '')}</t:title>`,
};

/** The provider as the routes make it, over the test app's harvest, with its own page size and delay. */
export function harvestProvider(
  t: TestApp,
  formats: OaiFormat[],
  options: { pageSize: number; settleMs: number },
): OaiProvider {
  const links = linkBuilder(t.config.siteUrl);
  return oaiProvider({
    repository: {
      name: 'Arca',
      baseUrl: 'http://arca.test/oai2d',
      adminEmail: 'admin@arca.test',
      host: 'arca.test',
    },
    harvest: t.services.harvest,
    tokens: resumptionTokens(t.config.secretKey),
    formats,
    toJson: (view) =>
      serializeRecord(view, {
        links,
        groupsEnabled: true,
        ui: false,
        t: translator('en'),
        language: 'en',
        languages: ['en'],
      }) as unknown as RecordJson,
    ...options,
  });
}

/** A provider's whole answer to one request. */
export async function answerOf(provider: OaiProvider, pairs: Record<string, string>) {
  let text = '';
  for await (const part of await provider.answer(Object.entries(pairs))) text += part;
  return text;
}
