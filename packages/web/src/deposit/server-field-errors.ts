import type { FieldError } from '@arca/schema';
import { useEffect, useRef } from 'react';
import type { FieldPath, UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { inCurrentLanguage } from '../i18n/server-messages.ts';
import type { DepositFormValues } from './form-values.ts';
import { hasField } from './sections.ts';
import { formPathOf } from './serializer.ts';

// The server's errors (a save's feedback, a refused publish) are worded in the
// language of the request. They are kept with that language and written again
// from the shared catalogues when the person switches: asking again is no
// option, since the errors of a refused publish come only from publishing.

/** A server error's messages, worded in `language`, in the interface language now. */
export function inLanguageNow(messages: readonly string[], language: string | undefined): string {
  return messages.map((message) => inCurrentLanguage(message, language)).join(' ');
}

interface Placed {
  path: string;
  type: string;
  messages: readonly string[];
  language: string | undefined;
  /** The text set on the field, to tell it from one set since by a check of the form. */
  text: string;
}

/**
 * Sets the server's field errors on the form (replacing all errors); paths with
 * no field are left to the banner. Each one still on its field follows a
 * language switch.
 */
export function useServerFieldErrors(form: UseFormReturn<DepositFormValues>) {
  const { i18n } = useTranslation();
  const placed = useRef<Placed[]>([]);

  useEffect(() => {
    for (const entry of placed.current) {
      // From the form's store: `formState` is the editor's last render, which ignores errors.
      const now = form.getFieldState(entry.path as FieldPath<DepositFormValues>).error;
      // Fixed or replaced since: nothing of the server's is left to translate.
      if (now?.message !== entry.text || now.type !== entry.type) continue;
      const text = inLanguageNow(entry.messages, entry.language);
      if (text === entry.text) continue;
      form.setError(entry.path as never, { type: entry.type, message: text });
      entry.text = text;
    }
  }, [form, i18n.language]);

  return (errors: readonly FieldError[], language: string | undefined) => {
    form.clearErrors();
    placed.current = [];
    for (const item of errors) {
      if (!hasField(item.field)) continue;
      const path = formPathOf(item.field);
      const type = item.severity ?? 'error';
      const text = inLanguageNow(item.messages, language);
      form.setError(path as never, { type, message: text });
      placed.current.push({ path, type, messages: item.messages, language, text });
    }
  };
}
