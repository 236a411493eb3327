import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { userIdentities, users } from '../../db/schema.ts';
import { DomainError } from '../errors.ts';
import { ProviderLoginError } from './login-errors.ts';
import { recordAudit } from '../audit/record-audit.ts';

type UserRow = typeof users.$inferSelect;

/** What a provider told us about the person, already checked and mapped. */
export interface ExternalProfile {
  provider: string;
  subject: string;
  /** Lower-cased; null unless the provider vouches for it. */
  verifiedEmail: string | null;
  name: string;
  affiliation: string;
  orcid: string | null;
}

/** The account rules of one provider (its configuration). */
export interface ProviderRules {
  createAccounts: boolean;
}

/**
 * Identities at external providers and the accounts they sign in to. The rules
 * (issue 23): a known identity signs its user in; an unknown one joins the
 * account of its verified address only when that account's address is verified
 * too (else whoever registered the address unverified would get the identity),
 * or creates an account when the provider allows; linking to a signed-in user
 * needs a login to both.
 */
export function createIdentityService(deps: {
  db: Database;
  /** Local passwords count as a way to sign in. */
  localLogin: boolean;
  onProfileChanged: (user: UserRow) => Promise<void>;
}) {
  const { db } = deps;

  async function userOf(provider: string, subject: string): Promise<UserRow | undefined> {
    const [row] = await db
      .select({ user: users })
      .from(userIdentities)
      .innerJoin(users, eq(users.id, userIdentities.userId))
      .where(and(eq(userIdentities.provider, provider), eq(userIdentities.subject, subject)));
    return row?.user;
  }

  /** Joins an account or creates one; a unique violation means a parallel login won. */
  async function attach(
    profile: ExternalProfile,
    rules: ProviderRules,
    address: string | undefined,
  ): Promise<UserRow> {
    const email = profile.verifiedEmail;
    // Without an address the person is asked for one (pending-sign-in.service.ts).
    if (!email) throw new ProviderLoginError('noEmail');
    const { user, created } = await db.transaction(async (tx) => {
      const [known] = await tx.select().from(users).where(eq(users.email, email));
      if (known && !known.emailVerifiedAt) throw new ProviderLoginError('unverifiedAccount');
      if (known && !known.active) throw new ProviderLoginError('inactive');
      if (!known && !rules.createAccounts) throw new ProviderLoginError('noAccount');
      const [row] = known
        ? [known]
        : await tx
            .insert(users)
            .values({
              email,
              passwordHash: null,
              fullName: profile.name,
              affiliations: profile.affiliation,
              orcid: profile.orcid,
              emailVerifiedAt: new Date(),
            })
            .returning();
      await tx.insert(userIdentities).values({
        userId: row!.id,
        provider: profile.provider,
        subject: profile.subject,
      });
      if (known && profile.orcid) {
        // As a link does: the ORCID iD fills a profile that has none.
        await tx
          .update(users)
          .set({ orcid: profile.orcid })
          .where(and(eq(users.id, known.id), sql`${users.orcid} IS NULL`));
      }
      // Joining a known account gives it a new way in: recorded as a link.
      if (known) {
        await recordAudit(
          tx,
          { userId: known.id, address },
          {
            action: 'identity.link',
            subject: { type: 'user', id: known.id },
            after: { provider: profile.provider, subject: profile.subject },
          },
        );
      } else {
        // A first sign-in through a provider makes the account: its new owner acts.
        await recordAudit(
          tx,
          { userId: row!.id, address },
          {
            action: 'account.create',
            subject: { type: 'user', id: row!.id },
            after: {
              email,
              is_admin: row!.isAdmin,
              active: row!.active,
              via: 'provider',
              provider: profile.provider,
            },
          },
        );
      }
      return { user: row!, created: !known };
    });
    if (created) await deps.onProfileChanged(user);
    return user;
  }

  return {
    /** The account an identity signs in to, joined or created by the rules above. */
    async signIn(
      profile: ExternalProfile,
      rules: ProviderRules,
      /** The caller's address, for the audit log when the identity joins an account. */
      address?: string,
    ): Promise<UserRow> {
      // Two tries: a parallel first login of the same person may win the insert.
      for (let attempt = 0; ; attempt += 1) {
        const known = await userOf(profile.provider, profile.subject);
        if (known) {
          if (!known.active) throw new ProviderLoginError('inactive');
          return known;
        }
        try {
          return await attach(profile, rules, address);
        } catch (error) {
          if (attempt < 3 && isUniqueViolation(error)) continue;
          throw error;
        }
      }
    },

    /**
     * Joins or creates the account of an address the person just proved to
     * read, once: a second call for the same identity fails on its unique key.
     */
    attachOnce: attach,

    /** Links an identity to the signed-in user; an identity of another user is refused. */
    async link(userId: number, profile: ExternalProfile, address?: string): Promise<void> {
      try {
        await db.transaction(async (tx) => {
          const { provider, subject } = profile;
          await tx.insert(userIdentities).values({ userId, provider, subject });
          await recordAudit(
            tx,
            { userId, address },
            {
              action: 'identity.link',
              subject: { type: 'user', id: userId },
              after: { provider, subject },
            },
          );
        });
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        const owner = await userOf(profile.provider, profile.subject);
        if (owner?.id === userId) return;
        throw new ProviderLoginError('taken');
      }
      if (profile.orcid) {
        // ORCID fills the profile's identifier when the user has none yet.
        await db
          .update(users)
          .set({ orcid: profile.orcid })
          .where(and(eq(users.id, userId), sql`${users.orcid} IS NULL`));
      }
    },

    /** The user's ways to sign in: a password, and the linked identities. */
    async list(userId: number) {
      const [[user], identities] = await Promise.all([
        db
          .select({ hasPassword: sql<boolean>`${users.passwordHash} IS NOT NULL` })
          .from(users)
          .where(eq(users.id, userId)),
        db
          .select({
            provider: userIdentities.provider,
            subject: userIdentities.subject,
            created: userIdentities.createdAt,
          })
          .from(userIdentities)
          .where(eq(userIdentities.userId, userId))
          .orderBy(asc(userIdentities.createdAt)),
      ]);
      return { password: deps.localLogin && (user?.hasPassword ?? false), identities };
    },

    /**
     * Unlinks one identity unless it is the user's last way to sign in. The row
     * lock on the user keeps two parallel unlinks from removing the last two.
     */
    async unlink(userId: number, provider: string, address?: string): Promise<void> {
      await db.transaction(async (tx) => {
        const [user] = await tx
          .select({ passwordHash: users.passwordHash })
          .from(users)
          .where(eq(users.id, userId))
          .for('update');
        const [linked] = await tx
          .select({ n: count() })
          .from(userIdentities)
          .where(eq(userIdentities.userId, userId));
        const removed = await tx
          .delete(userIdentities)
          .where(and(eq(userIdentities.userId, userId), eq(userIdentities.provider, provider)))
          .returning({ id: userIdentities.id, subject: userIdentities.subject });
        if (removed.length === 0) throw new DomainError('notFound', 'identityNotFound');
        // Written before the last-method check: refused, the entry rolls back with the unlink.
        await recordAudit(
          tx,
          { userId, address },
          {
            action: 'identity.unlink',
            subject: { type: 'user', id: userId },
            before: { provider, subject: removed[0]!.subject },
          },
        );
        const password = deps.localLogin && user?.passwordHash != null;
        if (!password && (linked?.n ?? 0) <= 1) {
          throw new DomainError('conflict', 'lastSignInMethod');
        }
      });
    },
  };
}

export type IdentityService = ReturnType<typeof createIdentityService>;
