import { readFileSync } from 'node:fs';
import path from 'node:path';

// The crosswalk columns of Arca's vocabularies (DataCite, CSL, schema.org names
// of each resource type, relation, date, description, title type and role), read
// from the shipped data files: a record carries only the ids.

const dataDir = path.join(path.dirname(new URL(import.meta.url).pathname), '../vocabularies/data');

type Props = Record<string, string>;

function propsOf(type: string): Map<string, Props> {
  const items = JSON.parse(readFileSync(path.join(dataDir, `${type}.json`), 'utf8')) as {
    id: string;
    props?: Props;
  }[];
  return new Map(items.map((item) => [item.id, item.props ?? {}]));
}

const tables = new Map<string, Map<string, Props>>();

/** The props of a vocabulary entry (`{}` for an id the data files do not know). */
export function vocabularyProps(type: string, id: string | undefined): Props {
  if (!id) return {};
  let table = tables.get(type);
  if (!table) {
    table = propsOf(type);
    tables.set(type, table);
  }
  return table.get(id) ?? {};
}

/** The DataCite name of an entry: `props.datacite`, or the resource type's general type. */
export const dataciteName = (type: string, id: string | undefined): string | undefined =>
  vocabularyProps(type, id).datacite || undefined;
