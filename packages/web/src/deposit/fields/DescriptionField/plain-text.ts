/** Plain text typed before the rich-text editor was there, as the editor's HTML: one paragraph a line. */
export function plainTextToHtml(text: string): string {
  if (text === '') return '';
  const escape = (line: string) =>
    line.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return text
    .split(/\r?\n/)
    .map((line) => (line === '' ? '<p></p>' : `<p>${escape(line)}</p>`))
    .join('');
}

/**
 * The same text as the editor's document: exact, where HTML would lose the
 * space typed last before the editor took over.
 */
export function plainTextToDoc(text: string) {
  return {
    type: 'doc',
    content: text.split(/\r?\n/).map((line) => ({
      type: 'paragraph',
      ...(line === '' ? {} : { content: [{ type: 'text', text: line }] }),
    })),
  };
}
