import { inCurrentLanguage } from '../../i18n/server-messages.ts';

// A failed upload keeps the server's message as Uppy stored it, worded in the language
// of its request; after a language switch it is shown in the new one.
const languages = new Map<string, string | undefined>();

/** Notes the language the failure message of Uppy file `fileId` is worded in. */
export function rememberErrorLanguage(fileId: string, language: string | undefined): void {
  languages.set(fileId, language);
}

/** The failure message of an upload, in the interface language `language`. */
export function uploadErrorIn(
  fileId: string,
  error: string | null | undefined,
  language: string,
): string | undefined {
  if (!error) return undefined;
  return inCurrentLanguage(error, languages.get(fileId), language);
}
