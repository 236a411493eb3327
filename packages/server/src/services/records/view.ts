import type { FieldError } from '@arca/schema';
import { can } from '../../permissions/policy.ts';
import { recordPolicy, type Actor, type RecordFacts } from '../../permissions/records.policy.ts';
import type { UserRow } from '../accounts.service.ts';
import type { CommunityRow } from '../communities/communities.service.ts';
import { showsUser } from '../people.ts';
import type { FileSummary } from '../files/files.repository.ts';
import type { RequestRow } from '../requests/types.ts';
import type { GrantRow, LinkRow } from '../sharing/access.service.ts';
import type { RecordDocument } from './document.ts';
import type { RecordKit } from './kit.ts';
import type { DoiRule } from './validation.ts';
import type { Loaded } from './state.ts';
import type { DraftRow, ParentRow, RecordRow } from './repository.ts';
import { enrichment, vocabularyRefs } from './vocabulary-refs.ts';

/** A draft or published record with everything its JSON is made from. */
export interface RecordView {
  kind: 'draft' | 'record';
  row: DraftRow | RecordRow;
  document: RecordDocument;
  /** The metadata with vocabulary references enriched (titles, names). */
  metadata: Record<string, unknown>;
  parent: ParentRow;
  /** A published record with this id exists (true for the edit draft of one). */
  isPublished: boolean;
  versions: { index: number; isLatest: boolean; isLatestDraft: boolean };
  facts: RecordFacts;
  actor: Actor;
  errors: FieldError[];
  /** Only for those who may manage the record. */
  sharing?: { grants: GrantRow[]; links: (LinkRow & { token: string })[] };
  owner?: UserRow | undefined;
  /** Whether the actor may see the owner's name and affiliation (personPolicy). */
  ownerShown?: boolean;
  /** A draft's community review request, if it has one. */
  review?: RequestRow | undefined;
  /** Totals of the files of this draft or record, with the entries of a small one. */
  files: FileSummary;
  /** With `expand`: the community the review goes to. */
  reviewReceiver?: CommunityRow | undefined;
  /** The record's communities the actor may see (`parent.communities.entries`). */
  communities?: CommunityRow[] | undefined;
  /** A draft's DOI rule, as publishing applies it (`ui.pids.doi`). */
  doiRule?: DoiRule;
}

export interface ReadOptions {
  expand?: boolean;
}

export type ViewOptions = ReadOptions & { errors?: FieldError[]; files?: FileSummary };

/** Builds the views of drafts and records; reads on the pool, after any unit of work. */
export function createViews(kit: RecordKit) {
  const { deps, components } = kit;

  /**
   * Adds titles and names to vocabulary references, in place: every query
   * parses its documents afresh, so nothing shared is changed.
   */
  async function enrich(metadata: Record<string, unknown>): Promise<Record<string, unknown>> {
    const refs = vocabularyRefs(metadata);
    const found = await deps.vocabularies.findMany(refs);
    for (const ref of refs) {
      const entry = found.get(`${ref.type}:${ref.id}`);
      if (entry) Object.assign(ref.holder, enrichment(ref.type, entry));
    }
    return metadata;
  }

  async function view(
    loaded: Loaded,
    actor: Actor,
    options: ViewOptions = {},
  ): Promise<RecordView> {
    const { facts: recordFacts, parent } = loaded;
    const result: RecordView = {
      kind: loaded.kind,
      row: loaded.row,
      document: loaded.document,
      metadata: await enrich(loaded.document.metadata),
      parent,
      isPublished: loaded.isPublished,
      versions: {
        index: loaded.row.versionIndex,
        isLatest: loaded.isLatest,
        isLatestDraft: loaded.isLatestDraft,
      },
      facts: recordFacts,
      actor,
      errors: options.errors ?? [],
      review: loaded.review,
      ...(loaded.context?.scope === 'draft'
        ? { doiRule: deps.validator.doiRule(loaded.context.previousDoiProvider) }
        : {}),
      files: options.files ?? loaded.files,
    };
    if (can(recordPolicy, 'canManage', actor, recordFacts)) {
      const { grants, links } = loaded.sharing ?? {
        grants: await deps.access.grantsOf(parent.id),
        links: await deps.access.linksOf(parent.id),
      };
      result.sharing = {
        grants,
        links: links.map((link) => ({ ...link, token: deps.access.tokenFor(link.id) })),
      };
    }
    const communityIds = recordFacts.communities ?? [];
    if (communityIds.length > 0) {
      for (const component of components) {
        result.communities ??= await component.communitiesOf?.(actor, communityIds);
      }
    }
    if (options.expand) {
      result.owner = await kit.repo.owner(parent.ownerId);
      result.ownerShown = result.owner ? await showsUser(deps.db, actor, result.owner) : false;
    }
    if (options.expand && loaded.review) {
      for (const component of components) {
        result.reviewReceiver ??= await component.receiverOf?.(loaded.review);
      }
    }
    return result;
  }

  /** A draft read afresh, with its validation errors (unless given). */
  async function draftView(id: string, actor: Actor, options: ViewOptions = {}) {
    const loaded = (await kit.state.draftState(id))!;
    const errors =
      options.errors ??
      (await kit.validate(id, loaded.document, await kit.publishedOf(loaded), loaded.files));
    return view(loaded, actor, { ...options, errors });
  }

  /** A record read afresh. */
  async function recordView(id: string, actor: Actor, options: ReadOptions = {}) {
    return view((await kit.state.recordState(id))!, actor, options);
  }

  return { view, draftView, recordView };
}

export type RecordViews = ReturnType<typeof createViews>;
