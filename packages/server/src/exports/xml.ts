import { create } from 'xmlbuilder2';

// XML documents are built with xmlbuilder2 from plain objects: `@name` is an
// attribute, `#` the text, an array repeats the element.

export type XmlObject = Record<string, unknown>;

export const XSI = 'http://www.w3.org/2001/XMLSchema-instance';

/** A whole document, UTF-8, from its root element's object form. */
export function xmlDocument(root: XmlObject): string {
  return create({ version: '1.0', encoding: 'UTF-8' }, root).end({ prettyPrint: true });
}

/** `{ '#': text, ...attributes }` with only the attributes that have a value. */
export function text(value: string | number, attributes: Record<string, unknown> = {}): XmlObject {
  const present = Object.entries(attributes).filter(
    ([, attribute]) => attribute !== undefined && attribute !== null && attribute !== '',
  );
  return {
    ...Object.fromEntries(present.map(([name, v]) => [`@${name}`, String(v)])),
    '#': String(value),
  };
}

/** A wrapper element with its repeated children, or nothing when there are none. */
export function list(name: string, children: XmlObject[]): XmlObject {
  return children.length ? { [name]: children } : {};
}
