import { and, eq, isNull } from 'drizzle-orm';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { users } from '../db/schema.ts';
import { fingerprint, readToken, signToken } from '../auth/signed-tokens.ts';
import type { Mailer } from '../mail/mailer.ts';
import { createAttemptCounter } from './attempt-counter.ts';
import { DomainError, notFound } from './errors.ts';
import type { SessionService } from './sessions.service.ts';

const PURPOSE = 'email-verification';

type Runner = Pick<Database, 'insert'>;

/**
 * Confirming that a user reads mail at their address. The link's token is
 * signed and names a fingerprint of the address, so a link sent to an old
 * address confirms nothing once the address changed; it works once.
 */
export function createEmailVerificationService(deps: {
  db: Database;
  config: Config;
  sessions: SessionService;
  mailer: Mailer;
}) {
  const { db, config } = deps;
  const hours = config.accounts.emailVerificationMs / 3600_000;
  const resends = createAttemptCounter(db, 60 * 60_000);

  const invalidLink = () =>
    new DomainError('invalid', 'validation', {
      errors: [{ field: 'token', messages: ['verifyLinkInvalid'] }],
    });

  /**
   * Queues the confirmation mail in `runner`'s transaction; `welcome` for a new
   * account, with the page the visitor was going to (`next`) for the link to lead back.
   */
  async function send(
    runner: Runner,
    user: { id: number; email: string; locale: string | null },
    language: string,
    welcome?: { next?: string | undefined },
  ): Promise<void> {
    const token = signToken(config.secretKey, PURPOSE, {
      u: user.id,
      e: Math.floor((Date.now() + config.accounts.emailVerificationMs) / 1000),
      f: fingerprint(user.email),
    });
    const query = new URLSearchParams({ token, ...(welcome?.next ? { next: welcome.next } : {}) });
    await deps.mailer.queue(runner as Database, {
      to: user.email,
      template: welcome ? 'signup-verify' : 'email-verification',
      language: user.locale ?? language,
      params: {
        url: `${config.siteUrl}/verify-email?${query.toString()}`,
        hours: String(Math.round(hours)),
      },
    });
  }

  return {
    send,

    /** Confirms the address the link was sent to; a second use, or a changed address, fails. */
    async verify(token: string): Promise<void> {
      const claims = readToken(config.secretKey, PURPOSE, token);
      if (!claims) throw invalidLink();
      const [user] = await db.select().from(users).where(eq(users.id, claims.u));
      if (!user?.active || fingerprint(user.email) !== claims.f) throw invalidLink();
      const [confirmed] = await db
        .update(users)
        .set({ emailVerifiedAt: new Date() })
        .where(
          and(eq(users.id, user.id), eq(users.email, user.email), isNull(users.emailVerifiedAt)),
        )
        .returning({ id: users.id });
      if (!confirmed) throw invalidLink();
      deps.sessions.forgetUser(user.id);
    },

    /** Mails the user a new link, a few times an hour at most. */
    async resend(userId: number, language: string): Promise<{ email: string }> {
      const [user] = await db.select().from(users).where(eq(users.id, userId));
      if (!user) throw notFound();
      if (user.emailVerifiedAt) throw new DomainError('invalid', 'emailAlreadyVerified');
      const reserved = await resends.reserve([
        { key: `verify:user:${userId}`, max: config.accounts.passwordResetsPerHour },
      ]);
      if (!reserved.ok) {
        const seconds = reserved.retryAfterSeconds;
        throw new DomainError('tooMany', 'tooManyAttempts', {
          params: { minutes: Math.ceil(seconds / 60) },
          retryAfterSeconds: seconds,
        });
      }
      await send(db, user, language);
      return { email: user.email };
    },
  };
}

export type EmailVerificationService = ReturnType<typeof createEmailVerificationService>;
