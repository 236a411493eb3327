import type { AccessRequestBody } from '@arca/schema';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { records as recordTable, users } from '../../db/schema.ts';
import { requests as requestTable } from '../../db/schema.requests.ts';
import { createAttemptCounter } from '../attempt-counter.ts';
import { DomainError, fieldError, notFound } from '../errors.ts';
import type { Mailer } from '../../mail/mailer.ts';
import {
  GUEST_ACCESS_REQUEST,
  USER_ACCESS_REQUEST,
} from '../../permissions/access-requests.policy.ts';
import { anonymous, can } from '../../permissions/policy.ts';
import { recordPolicy, type Actor } from '../../permissions/records.policy.ts';
import type { RecordService, RecordView } from '../records/records.service.ts';
import {
  systemActor,
  type RequestService,
  type RequestView,
} from '../requests/requests.service.ts';
import type { RequestRow } from '../requests/types.ts';
import { accessSettingsOf } from '../sharing/access-settings.service.ts';
import { messageHtml } from './mails.ts';
import type { AccessRequestTokens } from './tokens.ts';

export type AccessRequestOutcome =
  { kind: 'user'; view: RequestView } | { kind: 'guest'; email: string };

/**
 * Asking for access to a record's restricted files (API.md §3.5, issue 5
 * part 4). The record's settings decide who may ask; a signed-in user's
 * request is submitted at once, a guest's only once they confirm their
 * address through the link mailed to them.
 */
export function createAccessRequestService(deps: {
  db: Database;
  records: RecordService;
  requests: RequestService;
  mailer: Mailer;
  tokens: AccessRequestTokens;
  siteUrl: string;
  /** Each guest request mails a link: limited per e-mail and per address, per hour. */
  guestLimits: { perEmail: number; perAddress: number };
}) {
  const { db, records, requests, mailer, tokens, siteUrl } = deps;
  const guestAttempts = createAttemptCounter(db, 60 * 60_000);

  async function readable(actor: Actor, id: string): Promise<RecordView> {
    const read = await records.readRecord(actor, id);
    return 'redirectTo' in read ? readable(actor, read.redirectTo) : read;
  }

  /** Refused to anyone who can already read the files: there is nothing to ask for. */
  function checkNeeded(actor: Actor, record: RecordView): void {
    if (can(recordPolicy, 'canReadFiles', actor, record.facts)) {
      throw new DomainError('forbidden', 'accessRequestNotNeeded');
    }
  }

  /** The open request of this kind by this requester for any version of the parent. */
  async function openRequest(
    type: string,
    parentId: string,
    creator: { type: string; id: string },
  ): Promise<RequestRow | undefined> {
    const [found] = await db
      .select()
      .from(requestTable)
      .where(
        and(
          eq(requestTable.type, type),
          eq(requestTable.status, 'submitted'),
          eq(requestTable.creatorType, creator.type),
          eq(requestTable.creatorId, creator.id),
          eq(requestTable.topicType, 'record'),
          inArray(
            requestTable.topicId,
            db
              .select({ id: recordTable.id })
              .from(recordTable)
              .where(eq(recordTable.parentId, parentId)),
          ),
        ),
      );
    return found;
  }

  function refuseDuplicate(existing: RequestRow | undefined): void {
    if (existing) {
      throw new DomainError('invalid', 'accessRequestExists', { params: { id: existing.id } });
    }
  }

  const title = (record: RecordView) => {
    const value = record.metadata.title;
    return typeof value === 'string' ? value : record.row.id;
  };

  async function userRequest(
    actor: Actor,
    record: RecordView,
    userId: number,
    body: AccessRequestBody,
  ): Promise<AccessRequestOutcome> {
    if (!accessSettingsOf(record.parent.settings).allow_user_requests) {
      throw new DomainError('forbidden', 'accessRequestsClosed');
    }
    checkNeeded(actor, record);
    const creator = { type: 'user', id: String(userId) };
    refuseDuplicate(await openRequest(USER_ACCESS_REQUEST, record.parent.id, creator));
    const message = body.message ?? '';
    const created = await requests.create({
      type: USER_ACCESS_REQUEST,
      title: title(record),
      topic: { type: 'record', id: record.row.id },
      receiver: { type: 'user', id: String(record.parent.ownerId) },
      creator,
      payload: {
        permission: 'view',
        message,
        consent_to_share_personal_data: body.consent_to_share_personal_data,
      },
    });
    try {
      const html = messageHtml(message);
      const view = await requests.act(actor, created.id, 'submit', html || undefined);
      return { kind: 'user', view };
    } catch (error) {
      await requests.remove(created.id);
      throw error;
    }
  }

  /** Nobody can make the server mail one address, or mail from one address, without end. */
  async function limitGuests(email: string, address: string): Promise<void> {
    const keys = {
      email: `guest-request:email:${email.toLowerCase()}`,
      address: `guest-request:address:${address}`,
    };
    // Reserved before the mail is queued, in one statement per key: parallel requests cannot all pass.
    const reservation = await guestAttempts.reserve([
      { key: keys.email, max: deps.guestLimits.perEmail },
      { key: keys.address, max: deps.guestLimits.perAddress },
    ]);
    if (!reservation.ok) {
      const seconds = reservation.retryAfterSeconds;
      throw new DomainError('tooMany', 'tooManyAccessRequests', {
        params: { minutes: Math.ceil(seconds / 60) },
        retryAfterSeconds: seconds,
      });
    }
  }

  async function guestRequest(
    actor: Actor,
    record: RecordView,
    body: AccessRequestBody,
    address: string,
  ): Promise<AccessRequestOutcome> {
    if (!accessSettingsOf(record.parent.settings).allow_guest_requests) {
      throw new DomainError('forbidden', 'accessRequestsClosed');
    }
    checkNeeded(actor, record);
    if (!body.email) throw fieldError('email', 'required');
    if (!body.full_name) throw fieldError('full_name', 'required');
    await limitGuests(body.email, address);
    const { token } = tokens.verificationToken({
      recordId: record.row.id,
      email: body.email,
      fullName: body.full_name,
      message: body.message ?? '',
      consent: body.consent_to_share_personal_data,
    });
    // Duplicates are refused on confirmation: only then is the address known to be the guest's.
    await mailer.queue(db, {
      to: body.email,
      template: 'guest-verification',
      params: {
        title: title(record),
        url: `${siteUrl}/access/requests/confirm?access_request_token=${encodeURIComponent(token)}`,
      },
    });
    return { kind: 'guest', email: body.email };
  }

  return {
    async request(
      actor: Actor,
      id: string,
      body: AccessRequestBody,
      /** The caller's network address, for the guests' limit. */
      address: string,
    ): Promise<AccessRequestOutcome> {
      const record = await readable(actor, id);
      const userId = actor.identity.userId;
      if (userId !== null) {
        const [user] = await db
          .select({ email: users.email })
          .from(users)
          .where(eq(users.id, userId));
        // As in InvenioRDM: an address other than the account's makes it a guest request.
        const ownAddress =
          !body.email || body.email.toLowerCase() === (user?.email ?? '').toLowerCase();
        if (ownAddress) return userRequest(actor, record, userId, body);
      }
      return guestRequest(actor, record, body, address);
    },

    /**
     * The guest followed their verification link: the request is created and
     * submitted. Following the same link again finds the same request.
     */
    async confirm(token: string): Promise<{ view: RequestView; requestToken: string }> {
      const verified = tokens.verifyVerification(token);
      if (!verified.ok) {
        throw new DomainError(
          'invalid',
          verified.reason === 'expired' ? 'accessRequestLinkExpired' : 'accessRequestLinkInvalid',
        );
      }
      const { claim } = verified;
      const guestActor = (requestId: string): Actor => ({
        identity: anonymous,
        groups: [],
        links: [],
        requestTokens: [requestId],
      });
      const answer = async (row: RequestRow) => ({
        view: await requests.viewOf(guestActor(row.id), row),
        requestToken: tokens.requestToken(row.id),
      });
      const [again] = await db
        .select()
        .from(requestTable)
        .where(
          and(
            eq(requestTable.type, GUEST_ACCESS_REQUEST),
            sql`${requestTable.payload} ->> 'nonce' = ${claim.nonce}`,
          ),
        );
      if (again) return answer(again);

      const record = await readable(systemActor, claim.recordId).catch(() => {
        throw notFound();
      });
      const settings = accessSettingsOf(record.parent.settings);
      if (!settings.allow_guest_requests)
        throw new DomainError('forbidden', 'accessRequestsClosed');
      const creator = { type: 'email', id: claim.email.toLowerCase() };
      refuseDuplicate(await openRequest(GUEST_ACCESS_REQUEST, record.parent.id, creator));
      const created = await requests.create({
        type: GUEST_ACCESS_REQUEST,
        title: title(record),
        topic: { type: 'record', id: record.row.id },
        receiver: { type: 'user', id: String(record.parent.ownerId) },
        creator,
        payload: {
          permission: 'view',
          email: claim.email,
          full_name: claim.fullName,
          message: claim.message,
          consent_to_share_personal_data: claim.consent,
          secret_link_expiration: settings.secret_link_expiration,
          nonce: claim.nonce,
        },
      });
      try {
        const html = messageHtml(claim.message);
        await requests.act(systemActor, created.id, 'submit', html || undefined);
      } catch (error) {
        await requests.remove(created.id);
        throw error;
      }
      return answer((await requests.row(created.id))!);
    },

    /** The request a guest's `?access_request_token=` opens, or null. */
    verifyRequestToken: (token: string) => tokens.verifyRequestToken(token),
  };
}

export type AccessRequestService = ReturnType<typeof createAccessRequestService>;
