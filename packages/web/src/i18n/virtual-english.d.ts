// The English catalogue's first-load sections (english-sections.ts, at the package root).
declare module 'virtual:english/first' {
  import type en from './locales/en.json';
  const sections: Partial<typeof en>;
  export default sections;
}
