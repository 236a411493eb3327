import type { RecordJson } from '@arca/schema';
import { EXPORT_FORMATS } from '../exports/formats.ts';
import { exportUrl, linkset } from '../exports/linkset.ts';

/** Files linked from the header; a record with more lists them all in its linkset. */
const MAX_ITEMS = 100;

/** A URL as a header allows it: printable ASCII, other characters percent-encoded. */
const headerSafe = (href: string) =>
  href.replace(/[^\x21-\x7e]|[<>]/g, (character) => encodeURIComponent(character));

/**
 * FAIR Signposting on a landing page: the `Link` header of its typed links
 * (cite-as, describedby, item, author, license, type), the landing context of
 * the record's linkset (exports/linkset.ts), and the linkset itself.
 */
export function signpostingLinks(record: RecordJson): string {
  const describedBy = EXPORT_FORMATS.filter(
    (format) => !format.negotiatedOnly && format.name !== 'linkset' && format.name !== 'json',
  );
  const [landing] = linkset(record, describedBy).linkset;
  const { anchor: _anchor, ...relations } = landing as { anchor: string } & Record<
    string,
    { href: string; type?: string }[]
  >;
  const links: string[] = [];
  for (const [relation, targets] of Object.entries(relations)) {
    for (const target of relation === 'item' ? targets.slice(0, MAX_ITEMS) : targets) {
      const type = target.type ? ` ; type="${target.type}"` : '';
      links.push(`<${headerSafe(target.href)}> ; rel="${relation}"${type}`);
    }
  }
  links.push(
    `<${headerSafe(exportUrl(record, 'linkset'))}> ; rel="linkset" ; type="application/linkset+json"`,
  );
  return links.join(', ');
}
