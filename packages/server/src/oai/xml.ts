import { fragment } from 'xmlbuilder2';
import type { XMLBuilder } from 'xmlbuilder2/lib/interfaces.js';
import { writeXml } from '../exports/xml-writer.ts';
import { datestamp } from './arguments.ts';

const OAI = 'http://www.openarchives.org/OAI/2.0/';
const XSI = 'http://www.w3.org/2001/XMLSchema-instance';

/*
 * The response envelope. Its parts are built with xmlbuilder2 as fragments and
 * sent one after another, so a page of records streams: the root element's tags
 * are the only text written by hand, and they never vary.
 */
const OPEN =
  '<?xml version="1.0" encoding="UTF-8"?>\n' +
  `<OAI-PMH xmlns="${OAI}" xmlns:xsi="${XSI}" xsi:schemaLocation="${OAI} ${OAI}OAI-PMH.xsd">`;
const CLOSE = '</OAI-PMH>\n';

/** Builds one fragment of the response and serializes it. */
export function xmlFragment(build: (parent: XMLBuilder) => void): string {
  const root = fragment();
  build(root);
  return root.end();
}

/**
 * The start of every response: the root, responseDate and request. The request
 * element carries the arguments only when they were valid (§3.6: not after
 * badVerb or badArgument).
 */
export function responseStart(
  baseUrl: string,
  args: Record<string, string> | undefined,
  now = new Date(),
): string {
  return (
    OPEN +
    xmlFragment((root) => {
      root.ele('responseDate').txt(datestamp(now));
      root.ele('request', args ?? {}).txt(baseUrl);
    })
  );
}

export const responseEnd = () => CLOSE;

/** A whole answer: the start, the verb's element around its parts, the end. */
export async function* response(
  start: string,
  verb: string,
  parts: AsyncIterable<string> | Iterable<string>,
): AsyncGenerator<string> {
  yield `${start}<${verb}>`;
  for await (const part of parts) yield part;
  yield `</${verb}>${CLOSE}`;
}

/** An error answer (§3.6). */
export function errorResponse(start: string, code: string, message: string): string {
  return start + xmlFragment((root) => root.ele('error', { code }).txt(message)) + CLOSE;
}

export interface HeaderFields {
  identifier: string;
  modified: Date;
  sets: string[];
  deleted: boolean;
}

/** A record's header; written by exports/xml-writer.ts, as every per-record part is. */
export function headerXml(header: HeaderFields): string {
  return writeXml({
    header: {
      ...(header.deleted ? { '@status': 'deleted' } : {}),
      identifier: header.identifier,
      datestamp: datestamp(header.modified),
      setSpec: header.sets,
    },
  });
}

/** A record: its header, and its metadata unless deleted (the metadata is one element of XML). */
export function recordXml(header: HeaderFields, metadata: string | undefined): string {
  const head = headerXml(header);
  return metadata === undefined
    ? `<record>${head}</record>`
    : `<record>${head}<metadata>${metadata}</metadata></record>`;
}

export function resumptionTokenXml(
  token: string | undefined,
  expires: Date | undefined,
  cursor: number,
): string {
  return xmlFragment((root) => {
    // The last page ends with an empty token: the list is complete (§3.5).
    const attributes: Record<string, string> = { cursor: String(cursor) };
    if (token && expires) attributes.expirationDate = datestamp(expires);
    root.ele('resumptionToken', attributes).txt(token ?? '');
  });
}
