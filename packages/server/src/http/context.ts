import type { Config } from '../config.ts';
import type { RecordCache } from './record-cache.ts';
import type { SearchCache } from './search-cache.ts';
import type { Database } from '../db/client.ts';
import type { Translate } from '../i18n.ts';
import type { Actor, Identity } from '../permissions/policy.ts';
import type { Services } from '../services/services.ts';

export type { Services };

/** What every route module is given: configuration and services, never the database. */
export interface AppContext {
  config: Config;
  services: Services;
  /** Serialised anonymous record reads, dropped when the database announces a change. */
  recordCache: RecordCache;
  /** Serialised anonymous searches, dropped on any announced record change. */
  searchCache: SearchCache;
  /** Signed-in users' searches, the same way (kept apart: many users, each their own). */
  signedInSearchCache: SearchCache;
}

/** Internal: the composition root also hands the database to lifecycle code. */
export interface AppRuntime extends AppContext {
  db: Database;
}

declare module 'fastify' {
  interface FastifyRequest {
    identity: Identity;
    /** How the caller authenticated; cookie-authenticated writes need the CSRF header. */
    authMethod: 'session' | 'token' | null;
    /**
     * The caller as record permissions see them (groups, community roles, secret
     * links, guest tokens); set by the preHandler of `withActor` (http/actor.ts)
     * for the routes that act on records, communities and requests.
     */
    actor: Actor;
    /** Texts in the caller's language. */
    t: Translate;
    /** The catalogue language of `t`. */
    language: string;
    /**
     * Every language the caller accepts, most wanted first, each followed by
     * the tags standing for it (zh-TW → zh-Hant): vocabulary titles use them.
     */
    languages: string[];
  }
}
