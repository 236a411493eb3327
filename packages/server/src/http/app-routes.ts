/**
 * The web app's pages (packages/web/src/routes.tsx), as paths the server
 * answers with the app and 200; any other page path gets the app with 404,
 * which shows its "not found" page. A test keeps the two lists together.
 */
export const APP_ROUTES = [
  '/',
  '/login',
  '/signup',
  '/forgot-password',
  '/reset-password',
  '/verify-email',
  '/finish-sign-in',
  '/search',
  '/records/:id',
  '/records/:id/compare/:other',
  '/records/:id/view-as',
  '/communities',
  '/communities/new',
  '/communities/:slug',
  '/communities/:slug/about',
  '/communities/:slug/members',
  '/communities/:slug/settings',
  '/communities/:slug/upload',
  '/uploads/new',
  '/uploads/:id',
  '/me/requests',
  '/me/requests/:id',
  '/me/uploads',
  '/me/communities',
  '/me/community-invitation',
  '/me/settings',
  '/me/settings/identities',
  '/me/settings/tokens',
  '/admin',
  '/admin/users',
  '/admin/records',
  '/admin/communities',
  '/admin/groups',
  '/admin/audit',
  '/admin/outbox',
  '/admin/jobs',
] as const;

const patterns = APP_ROUTES.map((route) => new RegExp(`^${route.replace(/:[a-z]+/g, '[^/]+')}/?$`));

/** Whether a request's path (query aside) is one of the web app's pages. */
export function isAppRoute(url: string): boolean {
  const pathname = url.split(/[?#]/, 1)[0]!;
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return false;
  }
  return patterns.some((pattern) => pattern.test(decoded));
}
