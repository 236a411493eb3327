import type { RecordJson } from '@arca/schema';
import { doiOf, identifierOf, landingPage, rightsUrl } from './common.ts';
import { vocabularyProps } from './vocabulary-props.ts';

// FAIR Signposting (signposting.org/FAIR) as a linkset (RFC 9264): the landing
// page's typed links, in JSON (application/linkset+json) or in the Link header
// syntax (application/linkset).

interface Target {
  href: string;
  type?: string;
}

export interface DescribedBy {
  name: string;
  mediaType: string;
  /** Listed only for a record with a DOI (formats.ts `exportable`). */
  needsDoi?: boolean;
}

/** The export of a record in a format, where downloads are served. */
export const exportUrl = (record: RecordJson, name: string) =>
  `${landingPage(record)}/export/${name}`;

/** The link contexts of a record: its landing page, its exports and its files. */
export function linkset(record: RecordJson, exports: readonly DescribedBy[]) {
  const page = landingPage(record);
  const doi = doiOf(record);
  const authors = (record.metadata.creators ?? []).flatMap((creator) => {
    const orcid = identifierOf(creator.person_or_org.identifiers, 'orcid');
    return orcid ? [{ href: `https://orcid.org/${orcid}` }] : [];
  });
  const licenses = (record.metadata.rights ?? []).flatMap((rights) => {
    const url = rightsUrl(rights);
    return url ? [{ href: url }] : [];
  });
  const files = Object.values(record.files.entries ?? {}).flatMap((file) =>
    file.links.content ? [{ href: file.links.content, type: file.mimetype }] : [],
  );
  const describedBy = exports
    .filter((format) => doi || !format.needsDoi)
    .map((format) => ({
      href: exportUrl(record, format.name),
      type: format.mediaType,
    }));
  const typeUrl = vocabularyProps('resourcetypes', record.metadata.resource_type?.id)['schema.org'];
  const landing: Record<string, unknown> = {
    anchor: page,
    ...(doi ? { 'cite-as': [{ href: `https://doi.org/${doi}` }] } : {}),
    type: [{ href: 'https://schema.org/AboutPage' }, ...(typeUrl ? [{ href: typeUrl }] : [])],
    ...(authors.length ? { author: authors } : {}),
    ...(licenses.length ? { license: licenses } : {}),
    ...(files.length ? { item: files } : {}),
    describedby: describedBy,
  };
  return {
    linkset: [
      landing,
      ...describedBy.map((target) => ({ anchor: target.href, describes: [{ href: page }] })),
      ...files.map((target) => ({ anchor: target.href, collection: [{ href: page }] })),
    ],
  };
}

/** The same links in the Link header syntax (RFC 9264 §4.1), one per line. */
export function linksetText(record: RecordJson, exports: readonly DescribedBy[]): string {
  const lines: string[] = [];
  for (const context of linkset(record, exports).linkset) {
    const { anchor, ...relations } = context as { anchor: string } & Record<string, Target[]>;
    for (const [relation, targets] of Object.entries(relations)) {
      for (const target of targets) {
        const type = target.type ? ` ; type="${target.type}"` : '';
        lines.push(`<${target.href}> ; rel="${relation}" ; anchor="${anchor}"${type}`);
      }
    }
  }
  return `${lines.join(' ,\n')}\n`;
}
