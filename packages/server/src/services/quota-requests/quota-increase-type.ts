import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { fileQuotas, userQuotas, users } from '../../db/schema.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { QUOTA_INCREASE, QuotaModerators } from '../../permissions/quota-requests.policy.ts';
import { RequestCreator } from '../../permissions/requests.policy.ts';
import { account } from '../access-requests/recipients.ts';
import type { RequestRow, RequestType } from '../requests/types.ts';

/** Whose storage a request asks more of: the record's (all its versions) or the user's. */
export const QUOTA_SCOPES = ['record', 'user'] as const;
export type QuotaScope = (typeof QUOTA_SCOPES)[number];

/** What a request keeps of what was asked (its payload). */
export interface QuotaIncreasePayload {
  scope: QuotaScope;
  /** The limit asked for, in bytes. */
  size: number;
  /** The limit when it was asked. */
  current: number;
  reason: string;
  /** The record's parent, whose quota every version shares. */
  parent_id: string;
}

export const payloadOf = (request: RequestRow) =>
  request.payload as unknown as QuotaIncreasePayload;

/**
 * Raises the quota to the asked size, never lowering it: an administrator
 * may have set more meanwhile. Runs in the accepting transaction.
 */
async function raise(tx: Database, request: RequestRow, defaultMaxFiles: number): Promise<void> {
  const { scope, size, parent_id } = payloadOf(request);
  if (scope === 'record') {
    await tx
      .insert(fileQuotas)
      .values({ parentId: parent_id, maxFiles: defaultMaxFiles, maxBytes: size })
      .onConflictDoUpdate({
        target: fileQuotas.parentId,
        set: { maxBytes: sql`GREATEST(${fileQuotas.maxBytes}, ${size})`, updatedAt: new Date() },
      });
    return;
  }
  await tx
    .insert(userQuotas)
    .values({ userId: Number(request.creatorId), maxBytes: size })
    .onConflictDoUpdate({
      target: userQuotas.userId,
      set: { maxBytes: sql`GREATEST(${userQuotas.maxBytes}, ${size})`, updatedAt: new Date() },
    });
}

/**
 * A depositor asks the administrators for more storage (InvenioRDM's
 * `links.quota_increase`): the administrators are mailed of it; accepting
 * raises the quota in the same commit as the status; either decision is
 * mailed to the depositor.
 */
export function quotaIncreaseType(deps: {
  db: Database;
  mailer: Mailer;
  siteUrl: string;
  defaultMaxFiles: number;
}): RequestType {
  const { db, mailer, siteUrl } = deps;
  const tell = async (
    tx: Database,
    request: RequestRow,
    template: 'quota-increase-accepted' | 'quota-increase-declined',
  ) => {
    const creator = await account(tx, request.creatorId);
    if (!creator) return;
    await mailer.queue(tx, {
      to: creator.email,
      template,
      language: creator.locale,
      params: { title: request.title, url: `${siteUrl}/me/requests/${request.id}` },
    });
  };
  /** Every active administrator is told of a new request: any of them may decide it. */
  const received = async (tx: Database, request: RequestRow) => {
    const requester = await account(tx, request.creatorId);
    const admins = await tx
      .select({ email: users.email, locale: users.locale })
      .from(users)
      .where(and(eq(users.isAdmin, true), eq(users.active, true)));
    for (const admin of admins) {
      await mailer.queue(tx, {
        to: admin.email,
        template: 'quota-increase-received',
        language: admin.locale,
        params: {
          title: request.title,
          requester: requester?.name ?? request.creatorId,
          url: `${siteUrl}/me/requests/${request.id}`,
        },
      });
    }
  };
  return {
    id: QUOTA_INCREASE,
    actions: {
      submit: { from: ['created'], to: 'submitted', who: [RequestCreator] },
      accept: { from: ['submitted'], to: 'accepted', who: [QuotaModerators] },
      decline: { from: ['submitted'], to: 'declined', who: [QuotaModerators] },
      cancel: { from: ['submitted'], to: 'cancelled', who: [RequestCreator] },
    },
    effects: {
      submit: ({ request, apply }) =>
        db.transaction(async (tx) => {
          await apply(tx);
          await received(tx, request);
        }),
      accept: ({ request, apply }) =>
        db.transaction(async (tx) => {
          await apply(tx);
          await raise(tx, request, deps.defaultMaxFiles);
          await tell(tx, request, 'quota-increase-accepted');
        }),
      decline: ({ request, apply }) =>
        db.transaction(async (tx) => {
          await apply(tx);
          await tell(tx, request, 'quota-increase-declined');
        }),
    },
  };
}
