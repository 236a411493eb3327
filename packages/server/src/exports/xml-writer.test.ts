import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { create } from 'xmlbuilder2';
import type { RecordJson } from '@arca/schema';
import { dataciteResource } from './datacite-xml.ts';
import { dublinCoreElement } from './dublin-core.ts';
import { marcRecord } from './marcxml.ts';
import { writeXml } from './xml-writer.ts';

const record = JSON.parse(
  readFileSync(path.join(import.meta.dirname, '../../test/fixtures/full-record.json'), 'utf8'),
) as RecordJson;

const xmlbuilder = (root: Record<string, unknown>) => create(root).end({ headless: true });

describe('writeXml', () => {
  it.each([
    ['DataCite', { resource: dataciteResource(record) }],
    ['Dublin Core', { 'oai_dc:dc': dublinCoreElement(record) }],
    ['MARC 21', { record: marcRecord(record) }],
  ])('writes %s as xmlbuilder2 does', (_name, root) => {
    expect(writeXml(root)).toBe(xmlbuilder(root));
  });

  it('escapes text and attributes, skips absent values and control characters', () => {
    const root = {
      a: { '@b': 'x "y" <&>\n', '#': 'Tom & Jerry <3> \u0007', c: [1, 'two'], d: undefined, e: '' },
    };
    expect(writeXml(root)).toBe(
      '<a b="x &quot;y&quot; &lt;&amp;&gt;&#xA;">Tom &amp; Jerry &lt;3&gt; <c>1</c><c>two</c><e/></a>',
    );
  });
});
