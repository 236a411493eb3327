/** Every TanStack Query key of the app, so invalidations cannot drift from the queries. */
export const queryKeys = {
  siteConfig: ['site-config'] as const,
  currentUser: ['current-user'] as const,
  tokens: ['tokens'] as const,
  identities: ['identities'] as const,
  pendingSignIn: ['pending-sign-in'] as const,
  affiliationSuggestions: (text: string) => ['affiliations', text] as const,
  // Records: the record page, the search page and the dashboard.
  record: (id: string, preview: boolean, token: string | undefined) =>
    ['record', id, preview, token ?? ''] as const,
  recordFiles: (link: string, token: string | undefined) =>
    ['record-files', link, token ?? ''] as const,
  recordVersions: (link: string, token: string | undefined) =>
    ['record-versions', link, token ?? ''] as const,
  versionDiff: (id: string, other: string, token: string | undefined) =>
    ['version-diff', id, other, token ?? ''] as const,
  // "Who can see this": the record's list, and one user's or the public's answer.
  accessExplanation: (id: string) => ['access-explanation', id] as const,
  actorExplanation: (id: string, user: string) => ['access-explanation', id, user] as const,
  recordSearch: (params: object) => ['record-search', params] as const,
  // The record page's citation box (api/citations.ts).
  citation: (
    path: string,
    style: string,
    locale: string,
    token: string | undefined,
    allVersions: boolean,
  ) => ['citation', path, style, locale, token ?? '', allVersions] as const,
  citationStyles: (q: string) => ['citation-styles', q] as const,
  citationStyle: (id: string) => ['citation-styles', 'id', id] as const,
  // A published record's communities box (api/record-communities.ts).
  recordInclusions: (id: string) => ['record-inclusions', id] as const,
  communitySuggestions: (id: string, mine: boolean, q: string, page: number) =>
    ['community-suggestions', id, mine, q, page] as const,
  myUploads: (params: object) => ['my-uploads', params] as const,
  myCommunities: (params: object) => ['my-communities', params] as const,
  resourceTypes: ['resource-types'] as const,
  // The deposit editor (api/drafts.ts, api/vocabularies.ts).
  draft: (id: string) => ['draft', id] as const,
  doiRegistration: (id: string, doi: string) => ['doi-registration', id, doi] as const,
  vocabulary: (type: string, tags: string) => ['vocabulary', type, tags] as const,
  vocabularySuggestions: (type: string, text: string) =>
    ['vocabulary-suggestions', type, text] as const,
  licenses: (q: string, tag: string, page: number) => ['licenses', q, tag, page] as const,
  license: (id: string) => ['licenses', id] as const,
  funderSuggestions: (text: string) => ['funders', text] as const,
  awardSuggestions: (funder: string, text: string) => ['awards', funder, text] as const,
  subjectSuggestions: (text: string) => ['subjects', text] as const,
  // The share dialog (api/sharing.ts): everything under `sharing(id)` refreshes together.
  sharing: (id: string) => ['sharing', id] as const,
  secretLinks: (id: string) => ['sharing', id, 'links'] as const,
  grants: (id: string, kind: string) => ['sharing', id, kind] as const,
  accessHistory: (id: string, page: number) => ['sharing', id, 'history', page] as const,
  linkUses: (id: string, linkId: string, page: number) =>
    ['sharing', id, 'link-uses', linkId, page] as const,
  subjectSearch: (kind: string, text: string) => ['share-subjects', kind, text] as const,
  // Requests (api/requests.ts).
  request: (id: string) => ['request', id] as const,
  requestTimeline: (id: string) => ['request-timeline', id] as const,
  myRequests: (open: boolean, receiver: string) => ['my-requests', open, receiver] as const,
  userName: (id: string) => ['user-name', id] as const,
  // The deposit editor's community header and picker (api/communities.ts).
  community: (idOrSlug: string) => ['community', idOrSlug] as const,
  communitySearch: (mine: boolean, q: string, page: number) =>
    ['community-search', mine, q, page] as const,
  // The communities pages: list, members, invitations (api/community-admin.ts).
  communityList: (params: object) => ['community-list', params] as const,
  communityMembers: (id: string) => ['community-members', id] as const,
  communityInvitations: (id: string) => ['community-invitations', id] as const,
  communityEmailInvitations: (id: string) => ['community-email-invitations', id] as const,
};
