import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import type { Services } from '../http/context.ts';
import { createAccountService } from './accounts.service.ts';
import { createGroupService } from './groups.service.ts';
import { createHealthService } from './health.service.ts';
import { createLoginLimiter } from './login-limiter.service.ts';
import { createSessionService } from './sessions.service.ts';
import { createTokenService } from './tokens.service.ts';
import { createVocabularyService } from './vocabularies.service.ts';

/** Wires the services together: the one place that knows who depends on whom. */
export function createServices(db: Database, config: Config): Services {
  const sessions = createSessionService(db, config.sessionLifetimeMs);
  const vocabularies = createVocabularyService(db);
  return {
    accounts: createAccountService({
      db,
      config,
      sessions,
      limiter: createLoginLimiter(db, config.login),
      onProfileChanged: (user) => vocabularies.syncUserName(user),
    }),
    groups: createGroupService(db),
    health: createHealthService(db),
    sessions,
    tokens: createTokenService(db),
    vocabularies,
  };
}
