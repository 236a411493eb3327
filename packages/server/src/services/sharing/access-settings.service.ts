import type { AccessSettingsBody } from '@arca/schema';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { parents } from '../../db/schema.ts';
import type { Actor } from '../../permissions/records.policy.ts';
import { sanitizeHtml } from '../html.ts';
import type { ReadOptions, RecordService, RecordView } from '../records/records.service.ts';
import { changedFields, recordAudit } from '../audit/record-audit.ts';
import type { ShareTargets } from './share-target.ts';

/** Access-request settings of a parent; InvenioRDM's defaults (API.md §3.4). */
export interface AccessSettings {
  allow_user_requests: boolean;
  allow_guest_requests: boolean;
  accept_conditions_text: string | null;
  secret_link_expiration: number;
}

export const DEFAULT_ACCESS_SETTINGS: AccessSettings = {
  allow_user_requests: false,
  allow_guest_requests: false,
  accept_conditions_text: null,
  secret_link_expiration: 0,
};

/** The settings a parent holds, with defaults for what was never set. */
export function accessSettingsOf(stored: Record<string, unknown>): AccessSettings {
  return { ...DEFAULT_ACCESS_SETTINGS, ...(stored as Partial<AccessSettings>) };
}

/** The settings with what a request changes applied. */
function applied(current: AccessSettings, body: AccessSettingsBody): AccessSettings {
  const next: AccessSettings = { ...current };
  if (body.allow_user_requests !== undefined) next.allow_user_requests = body.allow_user_requests;
  if (body.allow_guest_requests !== undefined)
    next.allow_guest_requests = body.allow_guest_requests;
  if (body.accept_conditions_text !== undefined) {
    const clean = body.accept_conditions_text && sanitizeHtml(body.accept_conditions_text);
    next.accept_conditions_text = clean || null;
  }
  if (body.secret_link_expiration !== undefined) {
    next.secret_link_expiration = body.secret_link_expiration;
  }
  return next;
}

/**
 * Changes who may ask for access and how long guests' links live. The
 * server enforces these when a request arrives; here they are only stored.
 */
export function createAccessSettingsService(deps: {
  db: Database;
  targets: ShareTargets;
  records: RecordService;
}) {
  const { db, targets, records } = deps;
  return {
    async update(
      actor: Actor,
      id: string,
      body: AccessSettingsBody,
      options: ReadOptions = {},
    ): Promise<RecordView> {
      const target = await targets.managed(actor, id);
      await db.transaction(async (tx) => {
        // Read under the row's lock: parallel changes each apply to, and log, the one before.
        const [locked] = await tx
          .select({ settings: parents.settings })
          .from(parents)
          .where(eq(parents.id, target.parent.id))
          .for('update');
        const current = accessSettingsOf(locked?.settings ?? target.parent.settings);
        const next = applied(current, body);
        await tx
          .update(parents)
          .set({ settings: { ...next }, updatedAt: new Date() })
          .where(eq(parents.id, target.parent.id));
        const changed = changedFields({ ...current }, { ...next });
        if (!changed) return;
        const subject = { type: 'parent' as const, id: target.parent.id };
        await recordAudit(tx, actor.identity, { action: 'access.update', subject, ...changed });
      });
      if (target.isRecord) {
        const read = await records.readRecord(actor, id, options);
        if (!('redirectTo' in read)) return read;
      }
      return records.readDraft(actor, id, options);
    },
  };
}

export type AccessSettingsService = ReturnType<typeof createAccessSettingsService>;
