import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { validateXML } from 'xmllint-wasm';
import { create } from 'xmlbuilder2';
import type { Database } from '../src/db/client.ts';

const FIXTURES = path.join(import.meta.dirname, 'fixtures', 'xsd');
const OAI = 'http://www.openarchives.org/OAI/2.0/';

/** An XSD file of the fixtures, by name. */
export const xsd = (name: string) => ({
  fileName: name,
  contents: readFileSync(path.join(FIXTURES, name), 'utf8'),
});

/**
 * Validates an OAI-PMH response against the OAI-PMH schema and the schemas of
 * the metadata it carries (`<metadata>` is validated strictly), given as
 * namespace → XSD file name or inline text.
 */
export async function expectValidOai(
  xml: string,
  metadata: { namespace: string; file: { fileName: string; contents: string } }[] = [],
) {
  const imports = [{ namespace: OAI, file: xsd('OAI-PMH.xsd') }, ...metadata];
  const wrapper = `<?xml version="1.0"?>
<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema">
${imports.map((i) => `  <xs:import namespace="${i.namespace}" schemaLocation="${i.file.fileName}"/>`).join('\n')}
</xs:schema>`;
  const result = await validateXML({
    xml: { fileName: 'response.xml', contents: xml },
    schema: { fileName: 'all.xsd', contents: wrapper },
    preload: imports.map((i) => i.file),
  });
  expect(
    result.errors.map((e) => e.message),
    xml.slice(0, 2000),
  ).toEqual([]);
  expect(result.valid).toBe(true);
}

/** Reads a response: `(path)` finds elements by a simple path of local names. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function parseOai(xml: string): any {
  return create(xml).end({ format: 'object' });
}

/** The error code of an OAI error response, or undefined. */
export function errorCode(xml: string): string | undefined {
  return /<error code="([A-Za-z]+)"/.exec(xml)?.[1];
}

export const identifiersIn = (xml: string) =>
  [...xml.matchAll(/<identifier>([^<]+)<\/identifier>/g)].map((m) => m[1]!);

export const tokenIn = (xml: string) =>
  /<resumptionToken[^>]*>([^<]+)<\/resumptionToken>/.exec(xml)?.[1];

/**
 * Copies a published record `count` times in one statement per table, as
 * bench/lib/seed-copy.ts does at scale: every column as the app wrote it, with
 * new ids and publication times one millisecond apart after the template's.
 */
export async function copyRecord(db: Database, templateId: string, count: number, tag: string) {
  const columns = async (table: string) => {
    const result = await db.execute(
      sql`SELECT column_name AS name FROM information_schema.columns
          WHERE table_schema = 'public' AND table_name = ${table} ORDER BY ordinal_position`,
    );
    const rows = (result as { rows: { name: string }[] }).rows;
    return rows.map((row) => row.name);
  };
  const id = (table: string) =>
    table === 'parents'
      ? `'${tag}p' || lpad(g::text, 5, '0')`
      : `'${tag}' || lpad(g::text, 5, '0')`;
  for (const table of ['parents', 'records']) {
    const names = await columns(table);
    // The publishing transaction is the copying one (its default), as for a real publication.
    const copied = names.filter((name) => name !== 'published_xid');
    const values = copied.map((name) => {
      if (name === 'id') return id(table);
      if (name === 'parent_id') return id('parents');
      if (name === 'published_at' || name === 'created_at' || name === 'updated_at') {
        return `t.${name} + g * interval '1 millisecond'`;
      }
      return `t."${name}"`;
    });
    const source =
      table === 'parents'
        ? `(SELECT p.* FROM parents p JOIN records r ON r.parent_id = p.id WHERE r.id = '${templateId}')`
        : `(SELECT * FROM records WHERE id = '${templateId}')`;
    await db.execute(
      sql.raw(
        `INSERT INTO ${table} (${copied.map((n) => `"${n}"`).join(', ')})
         SELECT ${values.join(', ')} FROM ${source} t, generate_series(1, ${count}) g`,
      ),
    );
  }
}
