import type { QueryClient } from '@tanstack/react-query';
import type { RouteObject } from 'react-router';
import { requireLogin } from './auth/require-login.ts';
import { AppLayout } from './ui/AppLayout.tsx';
import { PageLoader } from './ui/PageLoader.tsx';
import { RouteErrorPage } from './ui/RouteErrorPage.tsx';

// Every page is its own chunk, loaded when first visited: the first load
// carries only the shell (header, router, providers).
const depositPage = () =>
  import('./deposit/DepositPage.tsx').then((module) => ({ Component: module.DepositPage }));
const adminPage = (name: string) => () =>
  import('./admin/admin-pages.ts').then((module) => module.loadAdminPage(name));

export function createRoutes(queryClient: QueryClient): RouteObject[] {
  return [
    {
      Component: AppLayout,
      HydrateFallback: PageLoader,
      ErrorBoundary: RouteErrorPage,
      children: [
        {
          // A failing page keeps the header around its error.
          ErrorBoundary: RouteErrorPage,
          children: [
            {
              index: true,
              lazy: () =>
                import('./home/HomePage.tsx').then((module) => ({ Component: module.HomePage })),
            },
            {
              path: 'login',
              lazy: () =>
                import('./auth/LoginPage.tsx').then((module) => ({ Component: module.LoginPage })),
            },
            {
              path: 'signup',
              lazy: () =>
                import('./auth/SignupPage.tsx').then((module) => ({
                  Component: module.SignupPage,
                })),
            },
            {
              path: 'forgot-password',
              lazy: () =>
                import('./auth/ForgotPasswordPage.tsx').then((module) => ({
                  Component: module.ForgotPasswordPage,
                })),
            },
            {
              path: 'reset-password',
              lazy: () =>
                import('./auth/ResetPasswordPage.tsx').then((module) => ({
                  Component: module.ResetPasswordPage,
                })),
            },
            {
              path: 'finish-sign-in',
              lazy: () =>
                import('./auth/FinishSignInPage.tsx').then((module) => ({
                  Component: module.FinishSignInPage,
                })),
            },
            {
              path: 'verify-email',
              lazy: () =>
                import('./auth/VerifyEmailPage.tsx').then((module) => ({
                  Component: module.VerifyEmailPage,
                })),
            },
            {
              path: 'records/:id',
              lazy: () =>
                import('./records/RecordPage.tsx').then((module) => ({
                  Component: module.RecordPage,
                })),
            },
            {
              path: 'records/:id/view-as',
              lazy: () =>
                import('./records/ViewAsPage.tsx').then((module) => ({
                  Component: module.ViewAsPage,
                })),
            },
            {
              path: 'records/:id/compare/:other',
              lazy: () =>
                import('./records/compare/ComparePage.tsx').then((module) => ({
                  Component: module.ComparePage,
                })),
            },
            {
              path: 'search',
              lazy: () =>
                import('./search/SearchPage.tsx').then((module) => ({
                  Component: module.SearchPage,
                })),
            },
            {
              path: 'communities',
              lazy: () =>
                import('./communities/CommunityListPage.tsx').then((module) => ({
                  Component: module.CommunityListPage,
                })),
            },
            {
              // A community's page: public, and not found for those who may not see it.
              path: 'communities/:slug',
              lazy: () =>
                import('./communities/CommunityLayout.tsx').then((module) => ({
                  Component: module.CommunityLayout,
                })),
              children: [
                {
                  index: true,
                  lazy: () =>
                    import('./communities/CommunityRecords.tsx').then((module) => ({
                      Component: module.CommunityRecords,
                    })),
                },
                {
                  path: 'about',
                  lazy: () =>
                    import('./communities/CommunityAbout.tsx').then((module) => ({
                      Component: module.CommunityAbout,
                    })),
                },
                {
                  path: 'members',
                  lazy: () =>
                    import('./communities/members/MembersPage.tsx').then((module) => ({
                      Component: module.MembersPage,
                    })),
                },
                {
                  path: 'settings',
                  lazy: () =>
                    import('./communities/settings/CommunitySettings.tsx').then((module) => ({
                      Component: module.CommunitySettings,
                    })),
                },
              ],
            },
            {
              // Guests reach their access request through its token link: no login here.
              path: 'me/requests/:id',
              lazy: () =>
                import('./requests/RequestPage.tsx').then((module) => ({
                  Component: module.RequestPage,
                })),
            },
            {
              // An edit secret link opens an existing draft without a login. A pathless
              // parent like the one below, so that the editor of a new draft stays
              // mounted when its first save gives it an address.
              loader: requireLogin(queryClient, { orSecretLink: true }),
              children: [{ path: 'uploads/:id', lazy: depositPage }],
            },
            {
              loader: requireLogin(queryClient),
              children: [
                {
                  path: 'me/requests',
                  lazy: () =>
                    import('./requests/RequestsPage.tsx').then((module) => ({
                      Component: module.RequestsPage,
                    })),
                },
                // The deposit editor: one route module for new and existing drafts.
                ...['uploads/new', 'communities/:slug/upload'].map((path) => ({
                  path,
                  lazy: depositPage,
                })),
                {
                  // A mailed community invitation's link (email-invitations.service.ts).
                  path: 'me/community-invitation',
                  lazy: () =>
                    import('./communities/ClaimInvitationPage.tsx').then((module) => ({
                      Component: module.ClaimInvitationPage,
                    })),
                },
                {
                  path: 'communities/new',
                  lazy: () =>
                    import('./communities/NewCommunityPage.tsx').then((module) => ({
                      Component: module.NewCommunityPage,
                    })),
                },
                {
                  path: 'me/uploads',
                  lazy: () =>
                    import('./dashboard/UploadsPage.tsx').then((module) => ({
                      Component: module.UploadsPage,
                    })),
                },
                {
                  // Administrators only: the layout shows anyone else the not-found page.
                  path: 'admin',
                  lazy: () =>
                    import('./admin/AdminLayout.tsx').then((module) => ({
                      Component: module.AdminLayout,
                    })),
                  children: [
                    { index: true, lazy: adminPage('dashboard') },
                    ...['users', 'records', 'communities', 'groups', 'audit', 'outbox', 'jobs'].map(
                      (path) => ({
                        path,
                        lazy: adminPage(path),
                      }),
                    ),
                  ],
                },
                {
                  path: 'me/communities',
                  lazy: () =>
                    import('./dashboard/CommunitiesPage.tsx').then((module) => ({
                      Component: module.CommunitiesPage,
                    })),
                },
                {
                  path: 'me/settings',
                  lazy: () =>
                    import('./settings/SettingsLayout.tsx').then((module) => ({
                      Component: module.SettingsLayout,
                    })),
                  children: [
                    {
                      index: true,
                      lazy: () =>
                        import('./settings/ProfilePage.tsx').then((module) => ({
                          Component: module.ProfilePage,
                        })),
                    },
                    {
                      path: 'identities',
                      lazy: () =>
                        import('./settings/IdentitiesPage.tsx').then((module) => ({
                          Component: module.IdentitiesPage,
                        })),
                    },
                    {
                      path: 'tokens',
                      lazy: () =>
                        import('./settings/TokensPage.tsx').then((module) => ({
                          Component: module.TokensPage,
                        })),
                    },
                  ],
                },
              ],
            },
            {
              path: '*',
              lazy: () =>
                import('./ui/NotFoundPage.tsx').then((module) => ({
                  Component: module.NotFoundPage,
                })),
            },
          ],
        },
      ],
    },
  ];
}
