/** Every TanStack Query key of the app, so invalidations cannot drift from the queries. */
export const queryKeys = {
  siteConfig: ['site-config'] as const,
  currentUser: ['current-user'] as const,
  tokens: ['tokens'] as const,
  affiliationSuggestions: (text: string) => ['affiliations', text] as const,
  // The deposit editor (api/drafts.ts, api/vocabularies.ts).
  draft: (id: string) => ['draft', id] as const,
  vocabulary: (type: string, tags: string) => ['vocabulary', type, tags] as const,
  vocabularySuggestions: (type: string, text: string) =>
    ['vocabulary-suggestions', type, text] as const,
  licenses: (q: string, tag: string) => ['licenses', q, tag] as const,
  funderSuggestions: (text: string) => ['funders', text] as const,
  awardSuggestions: (funder: string, text: string) => ['awards', funder, text] as const,
  subjectSuggestions: (text: string) => ['subjects', text] as const,
};
