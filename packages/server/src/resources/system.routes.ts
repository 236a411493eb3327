import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import type { SiteConfig } from '@arca/schema';
import type { AppContext } from '../http/context.ts';

/** Health and the public site settings the web app reads first. */
export function systemRoutes({ config, services }: AppContext): FastifyPluginCallbackZod {
  return (app, _options, done) => {
    app.get(
      '/api/health',
      { schema: { tags: ['system'], summary: 'Service health' } },
      async (_request, reply) => {
        const database = await services.health.databaseUp();
        return reply
          .status(database ? 200 : 503)
          .send({ status: database ? 'ok' : 'unavailable', database: database ? 'ok' : 'down' });
      },
    );

    app.get(
      '/api/config',
      { schema: { tags: ['system'], summary: 'Public site settings' } },
      () => {
        const site: SiteConfig = {
          site_name: config.siteName,
          site_url: config.siteUrl,
          signup_enabled: config.signupEnabled,
          local_login: config.accounts.localLogin,
          login_providers: [
            ...config.accounts.oidcProviders.map((provider) => ({
              id: provider.id,
              name: provider.name,
              icon: provider.icon ?? null,
              kind: 'oidc' as const,
              login_url: `/api/auth/oidc/${provider.id}/login`,
            })),
            ...(config.accounts.saml
              ? [
                  {
                    id: 'saml',
                    name: config.accounts.saml.name,
                    icon: null,
                    kind: 'saml' as const,
                    login_url: '/api/auth/saml/login',
                  },
                ]
              : []),
          ],
          email_verification_required: config.accounts.requireVerifiedEmail,
          groups_enabled: config.groupsEnabled,
          deposit: {
            doi_required: config.doiRequired,
            doi_registration: config.datacite ? 'datacite' : 'local',
            restriction_grace_days: config.restrictionGraceDays,
            custom_fields: config.depositCustomFields,
          },
          deletion_window_days: config.deletionWindowDays,
        };
        return site;
      },
    );
    done();
  };
}
