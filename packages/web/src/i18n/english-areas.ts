/**
 * Sections of the English catalogue that only some pages show. They are left
 * out of the first load (English is bundled, other languages are fetched
 * whole): a module that shows a section's texts imports
 * `virtual:english/<section>`, which adds the section before the module runs.
 */
export const LAZY_ENGLISH_SECTIONS = ['admin', 'audit', 'home', 'requests', 'settings'] as const;
