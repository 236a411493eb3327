import type { XmlObject } from './xml.ts';

// XML 1.0 has no place for most control characters: they are left out.
// eslint-disable-next-line no-control-regex
const INVALID = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

const escapeText = (value: string) =>
  value.replace(INVALID, '').replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const escapeAttribute = (value: string) =>
  escapeText(value)
    .replace(/"/g, '&quot;')
    .replace(/\t/g, '&#x9;')
    .replace(/\n/g, '&#xA;')
    .replace(/\r/g, '&#xD;');

/** A leaf's text: the serializers put only strings, numbers and booleans there. */
const textOf = (value: unknown): string =>
  typeof value === 'string'
    ? value
    : typeof value === 'number' || typeof value === 'boolean'
      ? String(value)
      : '';

function write(name: string, value: unknown, out: string[]): void {
  if (value === undefined || value === null) return;
  if (Array.isArray(value)) {
    for (const item of value) write(name, item, out);
    return;
  }
  if (typeof value !== 'object') {
    const text = textOf(value);
    out.push(text === '' ? `<${name}/>` : `<${name}>${escapeText(text)}</${name}>`);
    return;
  }
  let open = `<${name}`;
  const body: string[] = [];
  for (const [key, child] of Object.entries(value as XmlObject)) {
    if (child === undefined || child === null) continue;
    if (key.startsWith('@')) open += ` ${key.slice(1)}="${escapeAttribute(textOf(child))}"`;
    else if (key === '#') body.push(escapeText(textOf(child)));
    else write(key, child, body);
  }
  out.push(body.length === 0 ? `${open}/>` : `${open}>${body.join('')}</${name}>`);
}

/**
 * An element from the object form the serializers build (xml.ts: `@name` an
 * attribute, `#` the text, an array repeats the element), written straight to
 * text: what xmlbuilder2's `create(root).end({ headless: true })` writes, at a
 * fraction of its cost, for OAI-PMH, which renders every record of a harvest.
 */
export function writeXml(root: XmlObject): string {
  const out: string[] = [];
  for (const [name, value] of Object.entries(root)) write(name, value, out);
  return out.join('');
}

/**
 * A list document written one record at a time (search results in an XML
 * export): the wrapper element's start tag with its attributes, each record's
 * element as `element` builds it (`undefined` leaves the record out), the end tag.
 */
export function* xmlListChunks<T>(
  wrapper: string,
  attributes: Record<string, string>,
  records: Iterable<T>,
  element: (record: T) => XmlObject | undefined,
): Generator<string> {
  let open = `<?xml version="1.0" encoding="UTF-8"?>\n<${wrapper}`;
  for (const [name, value] of Object.entries(attributes)) {
    open += ` ${name.replace(/^@/, '')}="${escapeAttribute(value)}"`;
  }
  yield `${open}>`;
  for (const record of records) {
    const built = element(record);
    if (built) yield writeXml(built);
  }
  yield `</${wrapper}>\n`;
}
