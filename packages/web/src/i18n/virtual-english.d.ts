// The English catalogue's first-load sections (english-sections.ts, at the package root);
// keys are typed from en.json itself (i18next.d.ts).
declare module 'virtual:english/first' {
  const sections: Record<string, unknown>;
  export default sections;
}
