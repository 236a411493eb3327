import i18n from 'i18next';

// The server words its messages in the request's Accept-Language, from the same catalogues the
// app loads (`errors`, `validation`). A message kept on screen across a language switch is
// found in the catalogue of the language it was asked in and written again in the new one.

const NAMESPACES = ['errors', 'validation'] as const;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The values a catalogue text with `{{placeholders}}` was filled with to give `message`. */
function valuesIn(template: string, message: string): Record<string, string> | undefined {
  const names: string[] = [];
  const pattern = template
    .split(/\{\{\s*(\w+)\s*\}\}/)
    .map((part, index) => {
      if (index % 2 === 0) return escapeRegExp(part);
      names.push(part);
      return '(.+?)';
    })
    .join('');
  const match = new RegExp(`^${pattern}$`, 's').exec(message);
  if (!match) return undefined;
  return Object.fromEntries(names.map((name, index) => [name, match[index + 1] ?? '']));
}

const translate = i18n.t.bind(i18n) as (key: string, options: Record<string, unknown>) => string;

/**
 * A server message worded in `from` (the language its request was sent in), in language `to`
 * (the interface language now by default); unchanged when it is not one of the shared
 * catalogue's texts.
 */
export function inCurrentLanguage(
  message: string,
  from: string | undefined,
  to: string = i18n.language,
): string {
  if (!from || from === to || !message) return message;
  for (const ns of NAMESPACES) {
    const bundle: unknown = i18n.getResourceBundle(from, ns);
    if (typeof bundle !== 'object' || bundle === null) continue;
    for (const [key, template] of Object.entries(bundle)) {
      if (typeof template !== 'string') continue;
      const values = valuesIn(template, message);
      if (values) return translate(key, { ns, lng: to, ...values });
    }
  }
  return message;
}
