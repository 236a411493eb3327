import { and, asc, count, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { PasswordChange, ProfileUpdate, SignupBody, Visibility } from '@arca/schema';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { isUniqueViolation } from '../db/errors.ts';
import { apiTokens, users } from '../db/schema.ts';
import { hashPassword, verifyPassword } from '../auth/passwords.ts';
import { DomainError, notFound } from './errors.ts';
import type { LoginLimiter } from './login-limiter.service.ts';
import type { Mailer } from '../mail/mailer.ts';
import { createAttemptCounter } from './attempt-counter.ts';
import type { SessionService } from './sessions.service.ts';
import type { EmailVerificationService } from './email-verification.service.ts';
import { recordAudit, type AuditActor } from './audit/record-audit.ts';
import { userChange } from './audit/user-change.ts';

export type UserRow = typeof users.$inferSelect;

export interface AdminUserChanges extends ProfileUpdate {
  email?: string | undefined;
  password?: string | undefined;
  /** With `password`: revoke the API tokens too (the default: a reset must shut out whoever had them). */
  revoke_tokens?: boolean | undefined;
  is_admin?: boolean | undefined;
  active?: boolean | undefined;
  email_verified?: boolean | undefined;
}

export interface Page {
  page: number;
  size: number;
}

/** Accounts: sign-up, log-in, profiles, and the admin's management of users. */
export function createAccountService(deps: {
  db: Database;
  config: Config;
  limiter: LoginLimiter;
  sessions: SessionService;
  mailer: Mailer;
  verification: EmailVerificationService;
  onProfileChanged: (user: UserRow) => Promise<void>;
}) {
  const { db, config, limiter, sessions } = deps;
  const signupMails = createAttemptCounter(db, 60 * 60_000);

  /**
   * Inserts an account and records who made it: an administrator, or (by
   * sign-up, from `signup`'s address) the new user themselves. The demo seed
   * passes neither and is not recorded.
   */
  async function insertUser(
    values: typeof users.$inferInsert,
    creator?: { by: AuditActor } | { signup: string | undefined },
  ): Promise<UserRow> {
    try {
      const row = await db.transaction(async (tx) => {
        const [created] = await tx.insert(users).values(values).returning();
        const subject = { type: 'user' as const, id: created!.id };
        const after = {
          email: created!.email,
          is_admin: created!.isAdmin,
          active: created!.active,
        };
        if (creator && 'by' in creator) {
          await recordAudit(tx, creator.by, { action: 'admin.user.create', subject, after });
        } else if (creator) {
          const self = { userId: created!.id, address: creator.signup };
          const via = { ...after, via: 'signup' };
          await recordAudit(tx, self, { action: 'account.create', subject, after: via });
        }
        return created;
      });
      await deps.onProfileChanged(row!);
      return row!;
    } catch (error) {
      if (isUniqueViolation(error, 'users_email_key')) throw emailTaken();
      throw error;
    }
  }

  async function get(id: number): Promise<UserRow> {
    const [row] = await db.select().from(users).where(eq(users.id, id));
    if (!row) throw notFound();
    return row;
  }

  /**
   * Changes an account. Made `by` someone, the change goes to the audit log: an
   * administrator's as admin.user.*, a user's own password as account.password_change.
   */
  async function update(
    id: number,
    changes: AdminUserChanges,
    by?: AuditActor & { own?: boolean },
  ): Promise<UserRow> {
    const values: Partial<typeof users.$inferInsert> = { updatedAt: new Date() };
    if (changes.username !== undefined) values.username = changes.username;
    if (changes.profile?.full_name !== undefined) values.fullName = changes.profile.full_name;
    if (changes.profile?.affiliations !== undefined)
      values.affiliations = changes.profile.affiliations;
    if (changes.identities?.orcid !== undefined) values.orcid = changes.identities.orcid;
    if (changes.preferences?.visibility) values.visibility = changes.preferences.visibility;
    if (changes.preferences?.email_visibility)
      values.emailVisibility = changes.preferences.email_visibility;
    if (changes.preferences?.locale !== undefined) values.locale = changes.preferences.locale;
    if (changes.email !== undefined) values.email = changes.email;
    if (changes.password !== undefined) values.passwordHash = await hashPassword(changes.password);
    if (changes.is_admin !== undefined) values.isAdmin = changes.is_admin;
    if (changes.active !== undefined) values.active = changes.active;
    // An administrator vouches for the address (or takes the confirmation back).
    if (changes.email_verified !== undefined) {
      values.emailVerifiedAt = changes.email_verified ? new Date() : null;
    }
    try {
      const row = await db.transaction(async (tx) => {
        const [before] = await tx.select().from(users).where(eq(users.id, id)).for('update');
        const [updated] = await tx.update(users).set(values).where(eq(users.id, id)).returning();
        if (!updated || !before) throw notFound();
        if (changes.password !== undefined && changes.revoke_tokens !== false) {
          await tx.delete(apiTokens).where(eq(apiTokens.userId, id));
        }
        const entry = by && userChange(before, updated, changes, by.own === true);
        if (by && entry) await recordAudit(tx, by, entry);
        return updated;
      });
      if (changes.active === false || changes.password !== undefined) await sessions.closeAllOf(id);
      if (changes.is_admin !== undefined || changes.active !== undefined) sessions.forgetUser(id);
      await deps.onProfileChanged(row);
      return row;
    } catch (error) {
      if (isUniqueViolation(error, 'users_email_key')) throw emailTaken();
      if (isUniqueViolation(error, 'users_username_key')) {
        throw new DomainError('invalid', 'validation', {
          errors: [{ field: 'username', messages: ['usernameTaken'] }],
        });
      }
      throw error;
    }
  }

  return {
    get,
    update,

    /**
     * Sign-up answers alike whether or not the address has an account, so it
     * tells nobody which addresses are registered: a new address gets its
     * account and a welcome mail, a known one a mail to its owner (issue 22).
     * Both paths hash the password, so they also take about as long.
     */
    async signup(input: SignupBody, language: string, address?: string): Promise<void> {
      if (!config.accounts.localLogin) throw new DomainError('forbidden', 'localLoginDisabled');
      if (!config.signupEnabled) throw new DomainError('forbidden', 'signupDisabled');
      // Keyed on the address whether or not it is known: nobody can mail an owner without end.
      const reserved = await signupMails.reserve([
        { key: `signup:email:${input.email}`, max: SIGNUP_MAILS_PER_HOUR },
      ]);
      if (!reserved.ok) {
        const seconds = reserved.retryAfterSeconds;
        throw new DomainError('tooMany', 'tooManyAttempts', {
          params: { minutes: Math.ceil(seconds / 60) },
          retryAfterSeconds: seconds,
        });
      }
      const passwordHash = await hashPassword(input.password);
      const next = input.next && input.next !== '/' ? input.next : undefined;
      const login = `${config.siteUrl}/login${next ? `?${new URLSearchParams({ next }).toString()}` : ''}`;
      const [known] = await db.select().from(users).where(eq(users.email, input.email));
      if (!known) {
        const created = await insertUser(
          { email: input.email, passwordHash, fullName: input.full_name },
          { signup: address },
        ).catch((error: unknown) => {
          // Someone signed up with the address a moment ago: it is known now.
          if (error instanceof DomainError && error.key === 'validation') return null;
          throw error;
        });
        if (created) {
          // The welcome carries the link that confirms the address (issue 23).
          await deps.verification.send(db, created, language, { next });
          return;
        }
      }
      const [owner] = known
        ? [known]
        : await db.select().from(users).where(eq(users.email, input.email));
      if (!owner) return;
      await deps.mailer.queue(db, {
        to: owner.email,
        template: 'signup-address-taken',
        language: owner.locale,
        params: { url: login },
      });
    },

    /**
     * Checks a password. Unknown email and wrong password fail alike, and are
     * counted: the attempt is reserved before the (slow) check, so parallel
     * guesses cannot all pass the limit.
     */
    async authenticate(email: string, password: string, address: string): Promise<UserRow> {
      if (!config.accounts.localLogin) throw new DomainError('forbidden', 'localLoginDisabled');
      await limiter.reserve(email, address);
      const [row] = await db.select().from(users).where(eq(users.email, email.toLowerCase()));
      if (!(await verifyPassword(row?.passwordHash ?? null, password)) || !row) {
        throw new DomainError('unauthenticated', 'invalidCredentials');
      }
      await limiter.recordSuccess(email, address);
      if (!row.active) throw new DomainError('forbidden', 'accountInactive');
      return row;
    },

    /**
     * The user's own password change: the current password is checked (and
     * counted like a login), every session is closed, and the API tokens are
     * revoked when asked.
     */
    async changePassword(userId: number, change: PasswordChange, address: string): Promise<void> {
      if (!config.accounts.localLogin) throw new DomainError('forbidden', 'localLoginDisabled');
      const user = await get(userId);
      await limiter.reserve(user.email, address);
      if (!(await verifyPassword(user.passwordHash, change.current_password))) {
        throw new DomainError('invalid', 'validation', {
          errors: [{ field: 'current_password', messages: ['wrongCurrentPassword'] }],
        });
      }
      await limiter.recordSuccess(user.email, address);
      const changes = { password: change.password, revoke_tokens: change.revoke_tokens };
      await update(userId, changes, { userId, address, own: true });
    },

    async create(
      input: SignupBody & { is_admin?: boolean; active?: boolean },
      by?: AuditActor,
    ): Promise<UserRow> {
      return insertUser(
        {
          email: input.email,
          passwordHash: await hashPassword(input.password),
          fullName: input.full_name,
          // An administrator (or the demo seed) vouches for the address.
          emailVerifiedAt: new Date(),
          isAdmin: input.is_admin ?? false,
          active: input.active ?? true,
        },
        by && { by },
      );
    },

    /** Every account, for administrators. */
    async list(query: string, page: Page): Promise<{ rows: UserRow[]; total: number }> {
      const where = matchTerms(query, (term) =>
        or(ilike(users.fullName, term), ilike(users.email, term), ilike(users.username, term)),
      );
      return paginate(where, page);
    },

    /**
     * The people others may find when sharing: active users with a public
     * profile. An email address matches only when its owner made it public.
     */
    async searchPublic(query: string, page: Page): Promise<{ rows: UserRow[]; total: number }> {
      const named = sql`lower(${users.fullName} || ' ' || coalesce(${users.username}, ''))`;
      const where = and(
        eq(users.active, true),
        eq(users.visibility, 'public' satisfies Visibility),
        matchTerms(query, (term) =>
          or(
            sql`${named} ILIKE ${term}`,
            and(eq(users.emailVisibility, 'public'), ilike(users.email, term)),
          ),
        ),
      );
      return paginate(where, page);
    },
  };

  async function paginate(where: SQL | undefined, { page, size }: Page) {
    const [rows, [totals]] = await Promise.all([
      db
        .select()
        .from(users)
        .where(where)
        .orderBy(asc(users.fullName), asc(users.id))
        .limit(size)
        .offset((page - 1) * size),
      db.select({ total: count() }).from(users).where(where),
    ]);
    return { rows, total: totals?.total ?? 0 };
  }
}

/** Every whitespace-separated term must match somewhere. */
export function matchTerms(query: string, match: (pattern: string) => SQL | undefined) {
  const terms = query.trim().toLowerCase().split(/\s+/).filter(Boolean);
  return and(...terms.map((term) => match(`%${term.replace(/[\\%_]/g, '\\$&')}%`)));
}

/** Sign-up mails one address at most this often per hour, known or not. */
const SIGNUP_MAILS_PER_HOUR = 3;

const emailTaken = () =>
  new DomainError('invalid', 'validation', {
    errors: [{ field: 'email', messages: ['emailTaken'] }],
  });

export type AccountService = ReturnType<typeof createAccountService>;
