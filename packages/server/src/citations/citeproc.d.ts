// The part of citeproc-js (CommonJS, untyped) that Arca calls.
declare module 'citeproc' {
  interface Sys {
    retrieveLocale(lang: string): string | false;
    retrieveItem(id: string): object;
  }
  export class Engine {
    constructor(sys: Sys, style: string, lang?: string, forceLang?: boolean);
    setOutputFormat(format: 'text' | 'html' | 'rtf'): void;
    updateItems(ids: string[]): void;
    /** False when the style has no bibliography. */
    makeBibliography(): [unknown, string[]] | false;
    makeCitationCluster(items: { id: string }[]): string;
  }
  const CSL: { Engine: typeof Engine };
  export default CSL;
}
