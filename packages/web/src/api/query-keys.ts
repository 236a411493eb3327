/** Every TanStack Query key of the app, so invalidations cannot drift from the queries. */
export const queryKeys = {
  siteConfig: ['site-config'] as const,
  currentUser: ['current-user'] as const,
  tokens: ['tokens'] as const,
  affiliationSuggestions: (text: string) => ['affiliations', text] as const,
  myRequests: (open: boolean) => ['my-requests', open] as const,
  request: (id: string) => ['request', id] as const,
  requestTimeline: (id: string) => ['request', id, 'timeline'] as const,
};
