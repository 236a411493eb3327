import type { Creatibutor, RecordJson, RecordFileEntry } from '@arca/schema';
import { schemaOrgDataset } from '../exports/json-ld.ts';
import { htmlToText } from '../services/html.ts';

// What scholarly search engines read from a record page without running its
// JavaScript: Highwire Press `citation_*` tags (Google Scholar's inclusion
// guidelines) and schema.org Dataset JSON-LD (Google Dataset Search; the
// mapping is the JSON-LD export's, exports/json-ld.ts).

const ATTRIBUTE_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text safe inside an element or a double-quoted attribute. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => ATTRIBUTE_ESCAPES[character]!);
}

/** JSON that cannot close its <script> element nor start an HTML comment. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** Plain text of the description's HTML on one line, for the meta description and JSON-LD. */
function plainText(html: string): string {
  return htmlToText(html).replace(/\s+/g, ' ').trim();
}

function creatorName({ person_or_org: who }: Creatibutor): string {
  if (who.type === 'personal' && who.family_name) {
    return who.given_name ? `${who.family_name}, ${who.given_name}` : who.family_name;
  }
  return who.name ?? '';
}

function english(text: Record<string, string> | undefined): string | undefined {
  return text ? (text.en ?? Object.values(text)[0]) : undefined;
}

/** Files the requester may download: the serializer lists entries only for them. */
function fileEntries(record: RecordJson): RecordFileEntry[] {
  return Object.values(record.files.entries ?? {});
}

const isPdf = (file: RecordFileEntry) =>
  file.mimetype === 'application/pdf' || file.key.toLowerCase().endsWith('.pdf');

/** Google Scholar's date form: 2024/05/12, 2024/05 or 2024 (the start of an interval). */
function scholarDate(date: string): string {
  return (date.split('/')[0] ?? date).replace(/-/g, '/');
}

/** The <head> content of a record page: title, citation meta tags, JSON-LD. */
export function recordHead(record: RecordJson, siteName: string): string {
  const { metadata } = record;
  const tags: [string, string][] = [];
  if (metadata.title) tags.push(['citation_title', metadata.title]);
  for (const creator of metadata.creators ?? [])
    tags.push(['citation_author', creatorName(creator)]);
  if (metadata.publication_date) {
    tags.push(['citation_publication_date', scholarDate(metadata.publication_date)]);
  }
  const doi = record.pids.doi?.identifier;
  if (doi) tags.push(['citation_doi', doi]);
  if (metadata.publisher) tags.push(['citation_publisher', metadata.publisher]);
  for (const subject of metadata.subjects ?? []) {
    if (subject.subject) tags.push(['citation_keywords', subject.subject]);
  }
  if (record.links.self_html) tags.push(['citation_abstract_html_url', record.links.self_html]);
  for (const file of fileEntries(record).filter(isPdf)) {
    if (file.links.content) tags.push(['citation_pdf_url', file.links.content]);
  }
  const description = metadata.description ? plainText(metadata.description) : '';
  const title = metadata.title ? `${metadata.title} | ${siteName}` : siteName;
  const licence = english(metadata.rights?.[0]?.title);
  return [
    `<title>${escapeHtml(title)}</title>`,
    ...(description
      ? [`<meta name="description" content="${escapeHtml(description.slice(0, 300))}" />`]
      : []),
    ...(record.links.self_html
      ? [`<link rel="canonical" href="${escapeHtml(record.links.self_html)}" />`]
      : []),
    ...tags.map(([name, content]) => `<meta name="${name}" content="${escapeHtml(content)}" />`),
    ...(licence ? [`<meta name="DC.rights" content="${escapeHtml(licence)}" />`] : []),
    `<script type="application/ld+json">${scriptJson(schemaOrgDataset(record))}</script>`,
  ].join('\n    ');
}

/** The web app's index.html with the record's head in place of its generic <title>. */
export function withHead(indexHtml: string, head: string): string {
  const title = /<title>[\s\S]*?<\/title>/;
  if (title.test(indexHtml)) return indexHtml.replace(title, () => head);
  return indexHtml.replace('</head>', () => `${head}\n  </head>`);
}
