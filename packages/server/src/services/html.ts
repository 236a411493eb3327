import sanitize from 'sanitize-html';

// What rich text users write (grant messages, access conditions) may keep:
// formatting and links, never scripts, styles or embedded content.
const ALLOWED: sanitize.IOptions = {
  allowedTags: [
    'p',
    'br',
    'strong',
    'b',
    'em',
    'i',
    'u',
    'a',
    'ul',
    'ol',
    'li',
    'blockquote',
    'code',
    'pre',
  ],
  allowedAttributes: { a: ['href', 'title', 'rel'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  transformTags: { a: sanitize.simpleTransform('a', { rel: 'noopener noreferrer nofollow' }) },
};

/** User HTML reduced to harmless formatting. */
export function sanitizeHtml(html: string): string {
  return sanitize(html, ALLOWED).trim();
}

// Record descriptions also keep what the deposit editor's rich text offers: headings,
// strike-through, sub- and superscript, rules (InvenioRDM allows as much).
const DESCRIPTION: sanitize.IOptions = {
  ...ALLOWED,
  allowedTags: [
    ...(ALLOWED.allowedTags as string[]),
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    's',
    'strike',
    'sub',
    'sup',
    'hr',
    'span',
  ],
};

// Each save of a draft sends its descriptions again, mostly unchanged: the
// latest results are kept (small texts only, so the memory stays small).
const recentDescriptions = new Map<string, string>();
const REMEMBERED = 200;
const REMEMBERED_LENGTH = 10_000;

/** A record description reduced to harmless formatting. */
export function sanitizeDescription(html: string): string {
  const known = recentDescriptions.get(html);
  if (known !== undefined) return known;
  const clean = sanitize(html, DESCRIPTION).trim();
  if (html.length <= REMEMBERED_LENGTH) {
    if (recentDescriptions.size >= REMEMBERED)
      recentDescriptions.delete(recentDescriptions.keys().next().value!);
    recentDescriptions.set(html, clean);
  }
  return clean;
}

/** The readable text of user HTML, for plain-text mail. */
export function htmlToText(html: string): string {
  const spaced = html.replace(/<br\s*\/?>/gi, '\n').replace(/<\/(p|li|blockquote|pre)>/gi, '\n');
  const text = sanitize(spaced, { allowedTags: [], allowedAttributes: {} });
  return text
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

export function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!,
  );
}
