import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { requests } from '../../db/schema.requests.ts';
import { QUOTA_INCREASE } from '../../permissions/quota-requests.policy.ts';
import type { Actor } from '../../permissions/records.policy.ts';
import { DomainError, fieldError } from '../errors.ts';
import { escapeHtml } from '../html.ts';
import type { Quota } from '../files/quota.ts';
import { loadAuthorized } from '../records/context.ts';
import type { RequestService, RequestView } from '../requests/requests.service.ts';
import type { RequestRow } from '../requests/types.ts';
import type { UserLimitsService } from '../user-limits.ts';
import type { QuotaIncreasePayload, QuotaScope } from './quota-increase-type.ts';

/** What an owner asks: whose storage, up to how many bytes, and why. */
export interface QuotaIncreaseInput {
  scope: QuotaScope;
  size: number;
  reason: string;
}

/** The open (being made or waiting) request for one record's or one user's storage. */
function openRequest(
  db: Database,
  scope: QuotaScope,
  key: { parentId: string; userId: string },
): Promise<RequestRow[]> {
  const whose =
    scope === 'record'
      ? sql`${requests.payload}->>'parent_id' = ${key.parentId}`
      : and(eq(requests.creatorType, 'user'), eq(requests.creatorId, key.userId));
  return db
    .select()
    .from(requests)
    .where(
      and(
        eq(requests.type, QUOTA_INCREASE),
        inArray(requests.status, ['created', 'submitted']),
        sql`${requests.payload}->>'scope' = ${scope}`,
        whose,
      ),
    )
    .limit(1);
}

/**
 * The owner's side of `quota-increase` requests: one open request per
 * record and per user, made under an advisory lock so that of concurrent
 * askers, on any app server, exactly one makes it.
 */
export function createQuotaRequests(deps: {
  db: Database;
  requests: RequestService;
  userLimits: UserLimitsService;
  defaultQuota: Quota;
}) {
  const { db } = deps;

  /** The draft's context for its owner, and the limits a request would raise. */
  async function load(actor: Actor, id: string) {
    const context = await loadAuthorized(db, actor, id, 'draft', 'canRequestQuotaIncrease', {
      defaultQuota: deps.defaultQuota,
    });
    const userId = String(actor.identity.userId);
    const user = await deps.userLimits.limitsOf(Number(userId));
    const limits: Record<QuotaScope, number> = {
      record: (context.quota ?? deps.defaultQuota).maxBytes,
      user: user.maxBytes,
    };
    return { context, key: { parentId: context.parent.id, userId }, limits };
  }

  return {
    /** The open requests for the draft's record and for its owner (null where none). */
    async open(actor: Actor, id: string): Promise<Record<QuotaScope, RequestView | null>> {
      const { key } = await load(actor, id);
      const view = async (scope: QuotaScope) => {
        const [row] = await openRequest(db, scope, key);
        return row ? deps.requests.viewOf(actor, row) : null;
      };
      return { record: await view('record'), user: await view('user') };
    },

    async ask(actor: Actor, id: string, input: QuotaIncreaseInput): Promise<RequestView> {
      const { context, key, limits } = await load(actor, id);
      const current = limits[input.scope];
      if (input.size <= current) throw fieldError('size', 'quotaSizeNotLarger');
      const title = (context.document.metadata as { title?: unknown }).title;
      const payload: QuotaIncreasePayload = {
        scope: input.scope,
        size: input.size,
        current,
        reason: input.reason,
        parent_id: key.parentId,
      };
      const created = await db.transaction(async (tx) => {
        const lockKey = input.scope === 'record' ? key.parentId : key.userId;
        await tx.execute(
          sql`SELECT pg_advisory_xact_lock(hashtext(${`${QUOTA_INCREASE}:${input.scope}:${lockKey}`}))`,
        );
        if ((await openRequest(tx, input.scope, key)).length > 0) {
          throw new DomainError('conflict', 'quotaIncreaseAlreadyRequested');
        }
        return deps.requests.create(
          {
            type: QUOTA_INCREASE,
            title: typeof title === 'string' ? title : '',
            topic: { type: 'record', id },
            receiver: null,
            creator: { type: 'user', id: key.userId },
            payload: payload as unknown as Record<string, unknown>,
          },
          tx,
        );
      });
      try {
        const comment = `<p>${escapeHtml(input.reason).replace(/\n/g, '<br>')}</p>`;
        return await deps.requests.act(actor, created.id, 'submit', comment);
      } catch (error) {
        await deps.requests.remove(created.id);
        throw error;
      }
    },
  };
}

export type QuotaRequests = ReturnType<typeof createQuotaRequests>;
