import type { errorMessages, validationMessages } from '@arca/schema';
import type en from './locales/en.json';

// Keys are typed from the English catalogue: a key missing from it fails typecheck.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: {
      translation: typeof en;
      validation: typeof validationMessages;
      errors: typeof errorMessages;
    };
  }
}
