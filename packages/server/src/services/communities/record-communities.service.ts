import type { Database } from '../../db/client.ts';
import { communityPolicy } from '../../permissions/communities.policy.ts';
import { can } from '../../permissions/policy.ts';
import { recordPolicy, type Actor } from '../../permissions/records.policy.ts';
import type { RecordService, RecordView } from '../records/records.service.ts';
import { DomainError, notFound, permissionDenied } from '../errors.ts';
import {
  systemActor,
  type RequestService,
  type RequestView,
} from '../requests/requests.service.ts';
import type { CommunitySearchParams } from './core.ts';
import { communityFacts, type CommunityRow, type CommunityService } from './communities.service.ts';
import { COMMUNITY_INCLUSION, openInclusionOf, openInclusionsOf } from './community-inclusion.ts';
import { holdRecord, removeCommunity } from './parent-communities.ts';

/** One community of an add or remove body (rdm-records `CommunitySchema`). */
export interface CommunityChoice {
  id: string;
  comment?: string | undefined;
  require_review?: boolean | undefined;
}

/** What went wrong for one community, as a catalogue key and its parameters. */
export interface ChoiceError {
  id: string;
  key: string;
  params?: Record<string, string>;
}

export interface Included {
  id: string;
  request: RequestView;
}

/** A domain error as one entry of the `errors` list; anything else is not ours to hide. */
function asChoiceError(id: string, error: unknown): ChoiceError {
  if (error instanceof DomainError && error.kind !== 'conflict') {
    return { id, key: error.key, params: error.params as Record<string, string> };
  }
  throw error;
}

/**
 * The communities of a published record (rdm-records
 * `services/communities/service.py`, `RecordCommunitiesService`): asking
 * communities to include it through `community-inclusion` requests, taking
 * it out of them, listing them and suggesting others.
 */
export function createRecordCommunitiesService(deps: {
  db: Database;
  records: RecordService;
  requests: RequestService;
  communities: CommunityService;
}) {
  const { db, records, requests, communities } = deps;

  /** The published record the actor may read (a parent id or a draft is not one). */
  async function publishedRecord(actor: Actor, id: string): Promise<RecordView> {
    const view = await records.readRecord(actor, id);
    if ('redirectTo' in view) throw notFound();
    return view;
  }

  /** The community a choice names, if the actor may see it. */
  async function visibleCommunity(actor: Actor, idOrSlug: string): Promise<CommunityRow> {
    const community = await communities.find(idOrSlug);
    if (!community || !can(communityPolicy, 'canRead', actor, communityFacts(community))) {
      throw new DomainError('invalid', 'inclusionCommunityNotFound');
    }
    return community;
  }

  /** Asks one community to include the record; includes it at once where the community allows. */
  async function include(actor: Actor, record: RecordView, choice: CommunityChoice) {
    const community = await visibleCommunity(actor, choice.id);
    if ((record.facts.communities ?? []).includes(community.id)) {
      throw new DomainError('invalid', 'inclusionAlreadyIncluded');
    }
    if (await openInclusionOf(db, record.row.id, community.id)) {
      throw new DomainError('invalid', 'inclusionAlreadyRequested');
    }
    if (community.visibility === 'restricted' && record.document.access.record === 'public') {
      throw new DomainError('invalid', 'inclusionPublicRecord');
    }
    if (!can(communityPolicy, 'canSubmitRecord', actor, communityFacts(community))) {
      throw new DomainError('forbidden', 'submissionMembersOnly');
    }
    const created = await requests.create({
      type: COMMUNITY_INCLUSION,
      title: typeof record.metadata.title === 'string' ? record.metadata.title : '',
      topic: { type: 'record', id: record.row.id },
      receiver: { type: 'community', id: community.id },
      creator: { type: 'user', id: String(actor.identity.userId) },
    });
    let view: RequestView;
    try {
      // The submit takes the record's lock and checks again: of requests made at once, one wins.
      view = await requests.act(actor, created.id, 'submit', choice.comment);
    } catch (error) {
      await requests.remove(created.id);
      throw error;
    }
    const direct = can(communityPolicy, 'canIncludeDirectly', actor, communityFacts(community));
    if (choice.require_review !== true && direct) {
      await requests.act(systemActor, created.id, 'accept');
      view = await requests.viewOf(actor, (await requests.row(created.id))!);
    }
    return view;
  }

  return {
    /** Includes the record in each community, or asks it to (`processed`, `errors`). */
    async add(actor: Actor, recordId: string, choices: readonly CommunityChoice[]) {
      const record = await publishedRecord(actor, recordId);
      if (!can(recordPolicy, 'canAddCommunity', actor, record.facts)) throw permissionDenied();
      const processed: Included[] = [];
      const errors: ChoiceError[] = [];
      for (const choice of choices) {
        try {
          processed.push({ id: choice.id, request: await include(actor, record, choice) });
        } catch (error) {
          errors.push(asChoiceError(choice.id, error));
        }
      }
      return { processed, errors };
    },

    /**
     * Takes the record out of each community: its owner out of any, a
     * community's curators out of theirs (rdm-records `can_remove_community`).
     */
    async remove(actor: Actor, recordId: string, ids: readonly string[]) {
      const record = await publishedRecord(actor, recordId);
      const asOwner = can(recordPolicy, 'canRemoveCommunity', actor, record.facts);
      const curated = new Set<string>();
      for (const id of ids) {
        const community = await communities.find(id);
        if (community && can(communityPolicy, 'canRemoveRecord', actor, communityFacts(community)))
          curated.add(id);
      }
      const processed: string[] = [];
      const errors: ChoiceError[] = [];
      await db.transaction(async (tx) => {
        const held = await holdRecord(tx, record.row.id);
        if (!held) throw notFound();
        for (const id of ids) {
          if (!(held.communities.ids ?? []).includes(id)) {
            errors.push({
              id,
              key: 'recordNotInCommunity',
              params: { record: record.row.id, community: id },
            });
          } else if (!asOwner && !curated.has(id)) {
            errors.push({ id, key: 'permissionDenied' });
          } else {
            await removeCommunity(tx, held, id);
            held.communities = {
              ...held.communities,
              ids: (held.communities.ids ?? []).filter((other) => other !== id),
            };
            if (held.communities.default === id) delete held.communities.default;
            processed.push(id);
          }
        }
      });
      return { processed, errors };
    },

    /** The record's communities the actor may see, as a community search. */
    async search(actor: Actor, recordId: string, params: CommunitySearchParams) {
      const record = await publishedRecord(actor, recordId);
      return communities.search(actor, { ...params, ids: record.facts.communities ?? [] });
    },

    /**
     * Communities the record could join: not its own, none it already asked;
     * `mine`: only the actor's (rdm-records `search_suggested_communities`).
     */
    async suggestions(actor: Actor, recordId: string, params: CommunitySearchParams) {
      const record = await publishedRecord(actor, recordId);
      if (!can(recordPolicy, 'canAddCommunity', actor, record.facts)) throw permissionDenied();
      const pending = await openInclusionsOf(db, record.row.id);
      return communities.search(actor, {
        ...params,
        excludeIds: [...(record.facts.communities ?? []), ...pending],
      });
    },
  };
}

export type RecordCommunitiesService = ReturnType<typeof createRecordCommunitiesService>;
