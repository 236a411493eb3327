import { logOptions } from './http/log-options.ts';
import Fastify, { type FastifyInstance } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Database, DatabaseHandle } from './db/client.ts';
import { sharedListener } from './db/shared-listener.ts';
import { createSearchCache } from './http/search-cache.ts';
import { createRecordCache } from './http/record-cache.ts';
import { registerCompression } from './http/compression.ts';
import { registerCreationLimit } from './http/creation-limit.ts';
import { registerProviderLoginLimit } from './http/provider-login-limit.ts';
import { registerAuthentication } from './http/auth.ts';
import type { AppContext } from './http/context.ts';
import { apiNotFound, registerErrorHandling, registerJsonParser } from './http/error-handler.ts';
import { registerInputGuard } from './http/input-guard.ts';
import { registerMergeSlashes } from './http/merge-slashes.ts';
import { guardSlowClients, timeoutOptions } from './http/slow-clients.ts';
import { registerWebApp, sendAppShell } from './http/web.ts';
import { isAppRoute } from './http/app-routes.ts';
import { registerActor, rememberPageToken, withActor } from './http/actor.ts';
import {
  acceptedLanguages,
  languageCandidates,
  pickLanguage,
  translator,
  type Translate,
} from './i18n.ts';
import { adminRoutes } from './resources/admin.routes.ts';
import { authRoutes } from './resources/auth.routes.ts';
import { passwordResetRoutes } from './resources/password-reset.routes.ts';
import { emailVerificationRoutes } from './resources/email-verification.routes.ts';
import { identityRoutes } from './resources/identities.routes.ts';
import { pendingSignInRoutes } from './resources/pending-sign-in.routes.ts';
import { samlRoutes } from './resources/saml.routes.ts';
import { systemRoutes } from './resources/system.routes.ts';
import { tokenRoutes } from './resources/tokens.routes.ts';
import { userRoutes } from './resources/users.routes.ts';
import { vocabularyRoutes } from './resources/vocabularies.routes.ts';
import { recordRoutes } from './resources/records.routes.ts';
import { draftRoutes } from './resources/drafts.routes.ts';
import { accessRoutes } from './resources/access.routes.ts';
import { accessExplanationRoutes } from './resources/access-explanation.routes.ts';
import { outboxRoutes } from './resources/outbox.routes.ts';
import { auditRoutes } from './resources/audit.routes.ts';
import { monitoringRoutes } from './resources/monitoring.routes.ts';
import { doiRegistrationRoutes } from './resources/doi-registrations.routes.ts';
import { fixityRoutes } from './resources/fixity.routes.ts';
import { pidRoutes } from './resources/pids.routes.ts';
import { communityRoutes } from './resources/communities.routes.ts';
import { communityMembershipRoutes } from './resources/community-membership.routes.ts';
import { communityDeletionRoutes } from './resources/community-deletion.routes.ts';
import { requestRoutes } from './resources/requests.routes.ts';
import { reviewRoutes } from './resources/review.routes.ts';
import { recordCommunityRoutes } from './resources/record-communities.routes.ts';
import { fileRoutes } from './resources/files.routes.ts';
import { fileDownloadRoutes } from './resources/file-downloads.routes.ts';
import { recordPageRoutes } from './resources/record-page.routes.ts';
import { oaiRoutes } from './resources/oai.routes.ts';
import { discoveryRoutes } from './resources/discovery.routes.ts';
import { exportRoutes } from './resources/exports.routes.ts';
import { accessRequestRoutes } from './resources/access-requests.routes.ts';
import { citationStyleRoutes } from './resources/citation-styles.routes.ts';
import { recordDeletionRoutes } from './resources/record-deletion.routes.ts';
import { quotaIncreaseRoutes } from './resources/quota-increase.routes.ts';
import { statsRoutes } from './resources/stats.routes.ts';
import type { Services } from './services/services.ts';
import { createServices } from './services/index.ts';
import { fileKeyUrl } from './http/file-key-paths.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Route modules whose handlers read `request.actor` (the others need only the identity). */
const ACTOR_ROUTES = new Set<(context: AppContext) => unknown>([
  draftRoutes,
  pidRoutes,
  recordRoutes,
  accessRoutes,
  accessExplanationRoutes,
  communityRoutes,
  communityMembershipRoutes,
  communityDeletionRoutes,
  requestRoutes,
  reviewRoutes,
  recordCommunityRoutes,
  fileRoutes,
  fileDownloadRoutes,
  recordPageRoutes,
  exportRoutes,
  accessRequestRoutes,
  recordDeletionRoutes,
  quotaIncreaseRoutes,
  statsRoutes,
  auditRoutes,
]);

export interface BuildOptions {
  config: Config;
  db: Database;
  /** Pino logger options; `false` silences the log (tests). */
  logger?: boolean | object;
  /** The services to serve with; built from db and config when absent. */
  services?: Services;
  /** Change announcements of the database; without them record reads are not cached. */
  database?: Pick<DatabaseHandle, 'listen'>;
}

/** Builds the whole application (API and web app) on a database. */
export async function buildApp({
  config,
  db,
  logger,
  database,
  services,
}: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ?? logOptions(config.logLevel),
    trustProxy: config.trustProxy,
    bodyLimit: config.bodyLimit,
    // A file key of 255 characters, percent-encoded UTF-8, is far longer than the default 100.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 4096 },
    rewriteUrl: (request) => fileKeyUrl(request.method, request.url ?? '/'),
    ...timeoutOptions(config.clients),
  }).withTypeProvider<ZodTypeProvider>();
  guardSlowClients(app.server, config.clients);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // Bounded by count and by size: a client asking for many large answers (records with
  // long descriptions, pages of 100 hits) must not grow the process by gigabytes.
  const MB = 1024 ** 2;
  const recordCache = createRecordCache({ ttlMs: 60_000, maxEntries: 10_000, maxWeight: 64 * MB });
  const searchCache = createSearchCache({ ttlMs: 10_000, maxEntries: 1_000, maxWeight: 32 * MB });
  const signedInSearchCache = createSearchCache({
    ttlMs: 10_000,
    maxEntries: 500,
    maxWeight: 16 * MB,
  });
  const context: AppContext = {
    config,
    services: services ?? createServices(db, config),
    recordCache,
    searchCache,
    signedInSearchCache,
  };
  // Events still buffered are written before the database closes.
  app.addHook('onClose', () => context.services.stats.flush());
  if (database) {
    // One subscription per channel for all the caches below (a connection each on
    // PostgreSQL); an announcement reaches them all in one go, none refilling from another.
    const listener = sharedListener(database);
    const followers = [
      recordCache,
      context.services.sessions,
      context.services.recordSearch,
      searchCache,
      signedInSearchCache,
    ];
    for (const follower of followers) {
      const stopFollowing = await follower.follow(listener);
      app.addHook('onClose', stopFollowing);
    }
  }
  // A client that wrote must read its write back at once, before the announcement arrives.
  app.addHook('onSend', async (request, reply) => {
    if (!SAFE_METHODS.has(request.method) && reply.statusCode < 400) {
      recordCache.clear();
      searchCache.clear();
      signedInSearchCache.clear();
      context.services.recordSearch.forget();
    }
  });

  app.decorateRequest('language', 'en');
  app.decorateRequest('languages', null as unknown as string[]);
  // Set per request by the hook below; Fastify wants a primitive placeholder.
  app.decorateRequest('t', null as unknown as Translate);
  app.addHook('onRequest', (request, reply, done) => {
    const accepted = acceptedLanguages(request.headers['accept-language']);
    request.languages = languageCandidates(accepted);
    request.language = pickLanguage(accepted);
    request.t = translator(request.language);
    // API answers are worded in the caller's language: say which, and that it depends on it.
    if (request.url.startsWith('/api/')) {
      void reply.header('content-language', request.language).header('vary', 'Accept-Language');
    }
    done();
  });
  registerMergeSlashes(app, config.siteUrl);

  registerJsonParser(app);
  registerErrorHandling(app);
  registerInputGuard(app);
  await registerCompression(app);
  await app.register(fastifyCookie);
  registerAuthentication(app, context);
  registerActor(app);
  registerCreationLimit(app, context.services.creations);
  registerProviderLoginLimit(app, context.services.providerLogins);

  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Arca API',
        description: 'InvenioRDM-compatible REST API of the Arca research-data repository.',
        version: '1.0.0',
      },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer' },
          session: { type: 'apiKey', in: 'cookie', name: 'session' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });

  for (const routes of [
    systemRoutes,
    authRoutes,
    passwordResetRoutes,
    emailVerificationRoutes,
    identityRoutes,
    pendingSignInRoutes,
    samlRoutes,
    tokenRoutes,
    userRoutes,
    adminRoutes,
    vocabularyRoutes,
    citationStyleRoutes,
    draftRoutes,
    recordRoutes,
    accessRoutes,
    accessExplanationRoutes,
    outboxRoutes,
    auditRoutes,
    monitoringRoutes,
    doiRegistrationRoutes,
    fixityRoutes,
    pidRoutes,
    communityRoutes,
    communityMembershipRoutes,
    communityDeletionRoutes,
    requestRoutes,
    reviewRoutes,
    recordCommunityRoutes,
    fileRoutes,
    fileDownloadRoutes,
    recordPageRoutes,
    exportRoutes,
    accessRequestRoutes,
    oaiRoutes,
    discoveryRoutes,
    recordDeletionRoutes,
    quotaIncreaseRoutes,
    statsRoutes,
  ]) {
    await app.register(
      ACTOR_ROUTES.has(routes) ? withActor(context, routes(context)) : routes(context),
    );
  }

  const hasWebApp = await registerWebApp(app, config.webDist);
  app.setNotFoundHandler(async (request, reply) => {
    const isPage = request.method === 'GET' && !request.url.startsWith('/api');
    if (isPage && hasWebApp) {
      // A page opened with ?token= remembers the secret link for the API calls that follow.
      await rememberPageToken(request, reply, context);
      // Not one of the app's pages: the app shows its "not found", with the status to match.
      if (!isAppRoute(request.url)) void reply.status(404);
      return sendAppShell(reply);
    }
    return apiNotFound(app, request, reply);
  });
  return app;
}
