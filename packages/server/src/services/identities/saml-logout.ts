import { inflateRawSync } from 'node:zlib';
import { and, eq, or, isNull } from 'drizzle-orm';
import type { Profile, SAML } from '@node-saml/node-saml';
import { create } from 'xmlbuilder2';
import { hashToken } from '../../auth/secrets.ts';
import type { Database } from '../../db/client.ts';
import { samlRequests, samlSessions } from '../../db/schema.ts';
import type { IdpSettings } from './saml-idp-settings.ts';
import { ProviderLoginError } from './login-errors.ts';
import { consumeSamlRequest } from './saml-requests.ts';

/** How the IdP named the person it signed in: what single logout names. */
export interface SamlSessionName {
  nameId: string;
  nameIdFormat: string | null;
  sessionIndex: string | null;
}

/** What a message at the logout URL leads to: the browser's next stop. */
export type LogoutOutcome = { redirect: string };

export function sessionNameOf(profile: Profile): SamlSessionName {
  return {
    nameId: profile.nameID,
    nameIdFormat: profile.nameIDFormat || null,
    sessionIndex: typeof profile.sessionIndex === 'string' ? profile.sessionIndex : null,
  };
}

/**
 * SAML single logout (HTTP-Redirect binding), both ways: a user logging out
 * of Arca is sent on to the IdP with a LogoutRequest naming their session
 * there; a LogoutRequest from the IdP (the user logged out elsewhere) ends the
 * Arca sessions it names and is answered. The IdP's requests must be signed
 * (node-saml would take an unsigned one), recent, and are taken once.
 */
export function createSamlLogout(deps: {
  db: Database;
  saml: () => Promise<{ instance: SAML; settings: IdpSettings }>;
  closeSessions: (sessionIds: string[]) => Promise<void>;
  /** How long an IdP's request stays acceptable (and its id remembered). */
  lifetimeMs: number;
  clockSkewMs: number;
}) {
  const { db } = deps;

  async function answerRequest(
    instance: SAML,
    settings: IdpSettings,
    query: Record<string, string>,
    rawQuery: string,
  ): Promise<LogoutOutcome> {
    if (!query.Signature) throw new ProviderLoginError('failed');
    const { profile } = await instance.validateRedirectAsync(query, rawQuery);
    if (!profile?.ID) throw new ProviderLoginError('failed');
    const issued = Date.parse(rootAttribute(query.SAMLRequest!, 'IssueInstant'));
    if (!(Date.now() - issued < deps.lifetimeMs + deps.clockSkewMs)) {
      throw new ProviderLoginError('failed', new Error('LogoutRequest too old'));
    }
    // Taken once: a replayed request must not end a later session of the same person.
    const [taken] = await db
      .insert(samlRequests)
      .values({ id: `logout:${profile.ID}` })
      .onConflictDoNothing()
      .returning();
    if (!taken) throw new ProviderLoginError('failed', new Error('LogoutRequest replayed'));

    const named = sessionNameOf(profile);
    const rows = await db
      .select({ sessionId: samlSessions.sessionId })
      .from(samlSessions)
      .where(
        and(
          eq(samlSessions.nameId, named.nameId),
          // Without a SessionIndex the request names every session of the person.
          named.sessionIndex
            ? or(
                eq(samlSessions.sessionIndex, named.sessionIndex),
                isNull(samlSessions.sessionIndex),
              )
            : undefined,
        ),
      );
    await deps.closeSessions(rows.map((row) => row.sessionId));
    if (!settings.logoutUrl) return { redirect: '/' };
    const relayState = query.RelayState ?? '';
    return { redirect: await instance.getLogoutResponseUrlAsync(profile, relayState, {}, true) };
  }

  return {
    /** Keeps the IdP's name for a session it opened. */
    async remember(sessionToken: string, named: SamlSessionName): Promise<void> {
      await db.insert(samlSessions).values({ sessionId: hashToken(sessionToken), ...named });
    },

    /** Where to send a user logging out of a session the IdP opened; null: nowhere. */
    async logoutUrl(sessionToken: string, next: string): Promise<string | null> {
      const [named] = await db
        .select()
        .from(samlSessions)
        .where(eq(samlSessions.sessionId, hashToken(sessionToken)));
      if (!named) return null;
      const { instance, settings } = await deps.saml();
      if (!settings.logoutUrl) return null;
      const user = {
        nameID: named.nameId,
        nameIDFormat: named.nameIdFormat ?? '',
        ...(named.sessionIndex ? { sessionIndex: named.sessionIndex } : {}),
      } as Profile;
      return instance.getLogoutUrlAsync(user, next, {});
    },

    /**
     * A message from the IdP at the logout URL: its answer to our request
     * (the browser goes on to RelayState), or its own request.
     */
    async receive(
      query: Record<string, string>,
      rawQuery: string,
      localPath: (path: string | undefined) => string,
    ): Promise<LogoutOutcome> {
      const { instance, settings } = await deps.saml();
      try {
        if (query.SAMLRequest) return await answerRequest(instance, settings, query, rawQuery);
        if (!query.SAMLResponse) throw new ProviderLoginError('failed');
        // Arca's own session ended before the browser left: this only finds the way back,
        // once, in answer to a request Arca sent.
        await instance.validateRedirectAsync(query, rawQuery);
        const answered = rootAttribute(query.SAMLResponse, 'InResponseTo');
        if (!answered || !(await consumeSamlRequest(db, answered))) {
          throw new ProviderLoginError(
            'failed',
            new Error('LogoutResponse unsolicited or replayed'),
          );
        }
        return { redirect: localPath(query.RelayState) };
      } catch (error) {
        if (error instanceof ProviderLoginError) throw error;
        throw new ProviderLoginError('failed', error);
      }
    },
  };
}

/** An attribute of the root element of a redirect-bound (deflated, base64) message. */
function rootAttribute(encoded: string, name: string): string {
  const xml = inflateRawSync(Buffer.from(encoded, 'base64')).toString('utf8');
  const root = create(xml).root().node as unknown as { getAttribute(name: string): string | null };
  return root.getAttribute(name) ?? '';
}

export type SamlLogout = ReturnType<typeof createSamlLogout>;
