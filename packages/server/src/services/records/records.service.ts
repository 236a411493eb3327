import type { FieldError } from '@arca/schema';
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { DomainError, notFound, permissionDenied, validationFailed } from '../errors.ts';
import { createJobQueue } from '../../jobs/queue.ts';
import {
  canOnRecord,
  type Actor,
  type RecordAction,
  type RecordFacts,
} from '../../permissions/records.policy.ts';
import type { UserRow } from '../accounts.service.ts';
import { EXTERNAL_PROVIDER, MANAGED_PROVIDER, createPidService } from '../pids.service.ts';
import type { AccessService, GrantRow, LinkRow } from '../sharing/access.service.ts';
import type { GrantFact } from './repository.ts';
import type { VocabularyService } from '../vocabularies.service.ts';
import type { FileWithObject } from '../files/files.repository.ts';
import { fileFacts, type RecordFilesComponent } from '../files/record-files.component.ts';
import { effectiveAccess, normalizeDocument, type RecordDocument } from './document.ts';
import { newRecordId } from './ids.ts';
import { sanitizeDescriptions } from './rich-text.ts';
import {
  createRecordRepository,
  type DraftRow,
  type ParentRow,
  type RecordRow,
} from './repository.ts';
import type { RecordValidator } from './validation.ts';
import type { RecordComponent } from './components.ts';
import type { CommunityRow } from '../communities/communities.service.ts';
import type { RequestRow } from '../requests/types.ts';
import type { Database as Tx } from '../../db/client.ts';
import { enrichment, reduceRefsToIds, vocabularyRefs } from './vocabulary-refs.ts';

export const EMBARGO_JOB = 'lift-embargo';

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
  /** A draft's community review request, if it has one. */
  review?: RequestRow | undefined;
  /** The files of this draft or record. */
  files: FileWithObject[];
  /** With `expand`: the community the review goes to. */
  reviewReceiver?: CommunityRow | undefined;
  /** The record's communities the actor may see (`parent.communities.entries`). */
  communities?: CommunityRow[] | undefined;
}

export interface ReadOptions {
  expand?: boolean;
}

export function createRecordService(deps: {
  db: Database;
  access: AccessService;
  vocabularies: VocabularyService;
  validator: RecordValidator;
  doiPrefix: string;
  files: RecordFilesComponent;
}) {
  const { db, access, vocabularies, validator } = deps;
  const repo = createRecordRepository(db, () => {
    const reviews = components.find((component) => component.reviewJson);
    return {
      files: deps.files.entriesJson,
      review: (draftId: SQL) => reviews?.reviewJson?.(draftId) ?? sql`NULL::json`,
    };
  });
  const reviewFromJson = (json: unknown) =>
    components.find((component) => component.reviewFromJson)?.reviewFromJson?.(json);
  const pidsOf = (database: Database) => createPidService(database, deps.doiPrefix);
  const pids = pidsOf(db);
  const components: RecordComponent[] = [];

  function factsOf(
    parent: ParentRow,
    document: RecordDocument,
    grants: GrantFact[],
    review?: RequestRow,
    published = false,
  ): RecordFacts {
    const ids = (parent.communities as { ids?: unknown }).ids;
    return {
      published,
      parentId: parent.id,
      ownerId: parent.ownerId,
      grants,
      access: effectiveAccess(document),
      communities: Array.isArray(ids)
        ? ids.filter((id): id is string => typeof id === 'string')
        : [],
      reviewCommunity:
        review?.status === 'submitted' && review.receiverType === 'community'
          ? review.receiverId
          : null,
    };
  }

  function authorize(action: RecordAction, actor: Actor, recordFacts: RecordFacts): void {
    if (!canOnRecord(action, actor, recordFacts)) throw permissionDenied();
  }

  /**
   * Adds titles and names to vocabulary references, in place: every query
   * parses its documents afresh, so nothing shared is changed.
   */
  async function enrich(metadata: Record<string, unknown>): Promise<Record<string, unknown>> {
    const copy = metadata;
    const refs = vocabularyRefs(copy);
    const found = await vocabularies.findMany(refs);
    for (const ref of refs) {
      const entry = found.get(`${ref.type}:${ref.id}`);
      if (entry) Object.assign(ref.holder, enrichment(ref.type, entry));
    }
    return copy;
  }

  interface Loaded {
    kind: 'draft' | 'record';
    row: DraftRow | RecordRow;
    parent: ParentRow;
    document: RecordDocument;
    facts: RecordFacts;
    isPublished: boolean;
    isLatest: boolean;
    isLatestDraft: boolean;
    review?: RequestRow | undefined;
    /** Read with the row when the state query folded them in. */
    files?: FileWithObject[];
    sharing?: { grants: GrantRow[]; links: LinkRow[] };
  }

  /** A draft and all its view needs, in one query; null when there is none. */
  async function draftState(id: string): Promise<Loaded | null> {
    const found = await repo.draftState(id);
    if (!found) return null;
    const document = found.draft.document as unknown as RecordDocument;
    const review = reviewFromJson(found.reviewRow);
    return {
      files: deps.files.entriesFromJson(found.fileRows),
      sharing: { grants: found.grants, links: found.links },
      kind: 'draft',
      row: found.draft,
      parent: found.parent,
      document,
      review,
      facts: factsOf(found.parent, document, found.grants, review, found.published),
      isPublished: found.published,
      isLatest: false,
      isLatestDraft: found.draft.versionIndex === found.highestIndex,
    };
  }

  async function recordState(id: string): Promise<Loaded | null> {
    const found = await repo.recordState(id);
    if (!found) return null;
    const document = found.record.document as unknown as RecordDocument;
    return {
      files: deps.files.entriesFromJson(found.fileRows),
      sharing: { grants: found.grants, links: found.links },
      kind: 'record',
      row: found.record,
      parent: found.parent,
      document,
      facts: factsOf(found.parent, document, found.grants, undefined, true),
      isPublished: true,
      isLatest: found.record.isLatest,
      isLatestDraft: false,
    };
  }

  async function view(
    loaded: Loaded,
    actor: Actor,
    options: ReadOptions & { errors?: FieldError[]; files?: FileWithObject[] } = {},
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
      files:
        options.files ??
        loaded.files ??
        (await deps.files.entries(loaded.row.id, loaded.kind === 'draft')),
    };
    if (canOnRecord('canManage', actor, recordFacts)) {
      const { grants, links } = loaded.sharing ?? {
        grants: await access.grantsOf(parent.id),
        links: await access.linksOf(parent.id),
      };
      result.sharing = {
        grants,
        links: links.map((link) => ({ ...link, token: access.tokenFor(link.id) })),
      };
    }
    const communityIds = recordFacts.communities ?? [];
    if (communityIds.length > 0) {
      for (const component of components) {
        result.communities ??= await component.communitiesOf?.(actor, communityIds);
      }
    }
    if (options.expand) result.owner = await repo.owner(parent.ownerId);
    if (options.expand && loaded.review) {
      for (const component of components) {
        result.reviewReceiver ??= await component.receiverOf?.(loaded.review);
      }
    }
    return result;
  }

  async function loadDraft(
    id: string,
    actor: Actor,
    action: RecordAction,
  ): Promise<Loaded & { draft: DraftRow }> {
    const loaded = await draftState(id);
    if (!loaded) throw notFound();
    authorize(action, actor, loaded.facts);
    return { ...loaded, draft: loaded.row };
  }

  async function loadRecord(
    id: string,
    actor: Actor,
    action: RecordAction,
  ): Promise<Loaded & { record: RecordRow }> {
    const loaded = await recordState(id);
    if (!loaded) throw notFound();
    authorize(action, actor, loaded.facts);
    return { ...loaded, record: loaded.row as RecordRow };
  }

  function checkRevision(current: number, expected: number | undefined): void {
    if (expected !== undefined && expected !== current) {
      throw new DomainError('stale', 'revisionMismatch', { params: { given: expected, current } });
    }
  }

  /** Draft documents keep vocabulary references as ids only; titles are read back. */
  function prepare(body: unknown): RecordDocument {
    const document = normalizeDocument(body);
    reduceRefsToIds(document.metadata);
    sanitizeDescriptions(document.metadata);
    return document;
  }

  const validate = async (
    id: string,
    document: RecordDocument,
    published: RecordRow | undefined,
    fileList?: FileWithObject[],
    doiTakenByOther?: boolean,
  ) => {
    const files = fileList ? fileFacts(fileList) : await deps.files.facts(id);
    return validator.validate({
      id,
      document,
      published,
      fileCount: files.completed,
      totalFiles: files.total,
      ...(doiTakenByOther === undefined ? {} : { doiTakenByOther }),
    });
  };

  /** The published version with this id, for the rules that look at what was published. */
  const publishedOf = (loaded: Loaded) =>
    loaded.isPublished ? repo.record(loaded.row.id) : Promise.resolve(undefined);

  async function draftView(
    id: string,
    actor: Actor,
    options: ReadOptions & { errors?: FieldError[] } = {},
  ) {
    const loaded = (await draftState(id))!;
    const errors =
      options.errors ?? (await validate(id, loaded.document, await publishedOf(loaded)));
    return view(loaded, actor, { ...options, errors });
  }

  const NO_RECORD: RecordFacts = {
    parentId: '',
    ownerId: -1,
    grants: [],
    access: { record: 'public', files: 'public', embargoActive: false },
  };

  return {
    async create(actor: Actor, body: unknown, options: ReadOptions = {}): Promise<RecordView> {
      authorize('canCreate', actor, NO_RECORD);
      const document = prepare(body);
      const id = newRecordId();
      const errors = await validate(id, document, undefined);
      const parentId = await db.transaction(async (tx) => {
        const txRepo = createRecordRepository(tx);
        const parent = await txRepo.insertParent(newRecordId(), actor.identity.userId!);
        await txRepo.insertDraft({ id, parentId: parent.id, versionIndex: 1, document });
        return parent.id;
      });
      try {
        for (const component of components) {
          await component.afterCreate?.(actor, id, isRecord(body) ? body : {});
        }
      } catch (error) {
        // A refused part (e.g. an invalid parent.review) leaves no half-made draft behind.
        await repo.deleteDraft(id);
        await repo.deleteParent(parentId);
        throw error;
      }
      return draftView(id, actor, { ...options, errors });
    },

    /** Plugs in a lifecycle component (community review...). */
    use(component: RecordComponent): void {
      components.push(component);
    },

    /** Everything that stops a draft from being published or submitted, as field errors. */
    async publishErrors(actor: Actor, id: string, action: 'publish' | 'submit') {
      const loaded = await loadDraft(id, actor, 'canReadDraft');
      const previous = await repo.latestRecord(loaded.parent.id);
      const previousHadManagedDoi =
        (previous?.document as unknown as RecordDocument | undefined)?.pids.doi?.provider ===
        MANAGED_PROVIDER;
      return [
        ...(await validate(id, loaded.document, await publishedOf(loaded))),
        ...validator.doiErrors(loaded.document, previousHadManagedDoi, action),
      ];
    },

    /** Makes a draft and its files restricted (a restricted community takes no public record). */
    async restrictDraft(id: string): Promise<void> {
      const draft = await repo.draft(id);
      if (!draft) throw notFound();
      const document = draft.document as unknown as RecordDocument;
      if (document.access.record === 'restricted' && document.access.files === 'restricted') return;
      await repo.updateDraft(id, {
        ...document,
        access: { ...document.access, record: 'restricted', files: 'restricted' },
      });
    },

    async readDraft(actor: Actor, id: string, options: ReadOptions = {}): Promise<RecordView> {
      const loaded = await loadDraft(id, actor, 'canReadDraft');
      const errors = await validate(id, loaded.document, await publishedOf(loaded));
      return view(loaded, actor, { ...options, errors });
    },

    /** Saves whatever the client sent; problems come back as errors, nothing is dropped. */
    async updateDraft(
      actor: Actor,
      id: string,
      body: unknown,
      options: ReadOptions & { expectedRevision?: number } = {},
    ): Promise<RecordView> {
      const existing = await draftState(id);
      if (!existing) throw notFound();
      checkRevision(existing.row.revisionId, options.expectedRevision);
      authorize('canUpdateDraft', actor, existing.facts);
      const document = prepare(body);
      // PIDs change only through the PID endpoints, except an external DOI typed by the user.
      const previousDoi = existing.document.pids.doi;
      if (previousDoi?.provider === MANAGED_PROVIDER) document.pids.doi = previousDoi;
      else if (document.pids.doi && document.pids.doi.provider !== EXTERNAL_PROVIDER)
        delete document.pids.doi;
      // The files read with the draft serve the validation and the answer.
      const files = existing.files ?? (await deps.files.entries(id, true));
      // Saved first, then validated: a save never rejects, and the write answers the DOI check.
      const saved = await repo.updateDraft(id, document, options.expectedRevision);
      if (!saved) {
        // Someone saved between our read and our write.
        const current = await repo.draft(id);
        checkRevision(current?.revisionId ?? -1, options.expectedRevision);
        throw notFound();
      }
      const { doiTakenByOther, ...savedRow } = saved;
      const errors = await validate(
        id,
        document,
        await publishedOf(existing),
        files,
        doiTakenByOther,
      );
      // Parent, grants and version flags are as read before the save: no second read.
      const loaded: Loaded = {
        ...existing,
        row: savedRow,
        document,
        facts: factsOf(
          existing.parent,
          document,
          existing.facts.grants,
          existing.review,
          existing.isPublished,
        ),
      };
      return view(loaded, actor, { ...options, errors, files });
    },

    async deleteDraft(actor: Actor, id: string, expectedRevision?: number): Promise<void> {
      const existing = await draftState(id);
      if (!existing) throw notFound();
      checkRevision(existing.row.revisionId, expectedRevision);
      authorize('canDeleteDraft', actor, existing.facts);
      for (const component of components) await component.checkDeleteDraft?.(id);
      const parentId = existing.parent.id;
      let dropped: string[] = [];
      await db.transaction(async (tx) => {
        const txRepo = createRecordRepository(tx);
        for (const component of components) await component.onDeleteDraft?.(tx, id);
        dropped = await deps.files.discard(tx, id);
        await pidsOf(tx).discardReserved(id);
        await txRepo.deleteDraft(id);
        const published = await txRepo.versionsOf(parentId);
        const others = await txRepo.draftsOf(parentId);
        if (published.length === 0 && others.length === 0) await txRepo.deleteParent(parentId);
      });
      await deps.files.collect(dropped);
    },

    async publish(
      actor: Actor,
      id: string,
      options: ReadOptions & {
        /** An accepted review publishing: its writes join the publish transaction. */
        viaReview?: (tx: Tx) => Promise<void>;
      } = {},
    ): Promise<RecordView> {
      const loaded = await loadDraft(id, actor, 'canPublish');
      for (const component of components) await component.checkPublish?.(id, !!options.viaReview);
      const { draft, parent, document } = loaded;
      const published = await publishedOf(loaded);
      const previous = await repo.latestRecord(parent.id);
      const previousHadManagedDoi =
        (previous?.document as unknown as RecordDocument | undefined)?.pids.doi?.provider ===
        MANAGED_PROVIDER;
      const errors = [
        ...(await validate(id, document, published)),
        ...validator.doiErrors(document, previousHadManagedDoi),
      ];
      if ((await deps.files.facts(id)).pending > 0) {
        errors.push({ field: 'files.enabled', messages: ['filesPending'], severity: 'error' });
      }
      if (errors.length > 0) throw validationFailed(errors);

      let replacedFiles: string[] = [];
      await db.transaction(async (tx) => {
        const txRepo = createRecordRepository(tx);
        if (options.viaReview) await options.viaReview(tx);
        for (const component of components) await component.onPublish?.(tx, id);
        const txPids = pidsOf(tx);
        replacedFiles = await deps.files.publish(tx, id);
        await txRepo.upsertRecord({
          id,
          parentId: parent.id,
          versionIndex: draft.versionIndex,
          document,
          revisionId: draft.revisionId,
          createdAt: published?.createdAt ?? draft.createdAt,
        });
        const doi = document.pids.doi;
        if (doi) await txPids.register(id, doi.identifier, doi.provider);
        await txPids.releaseOthers(id, doi?.identifier ?? null);
        // The first managed DOI gives the parent a concept DOI that resolves to the latest version.
        if (doi?.provider === MANAGED_PROVIDER && !parent.pids.doi) {
          const concept = txPids.managedDoi(parent.id);
          await txPids.register(parent.id, concept, MANAGED_PROVIDER);
          await txRepo.setParentPids(parent.id, {
            ...parent.pids,
            doi: { identifier: concept, provider: MANAGED_PROVIDER },
          });
        }
        await txRepo.deleteDraft(id);
        const jobs = createJobQueue(tx, {});
        const embargo = document.access.embargo;
        if (embargo.active === true && typeof embargo.until === 'string') {
          await jobs.enqueue({
            kind: EMBARGO_JOB,
            key: `embargo:${id}`,
            runAt: new Date(`${embargo.until}T00:00:00Z`),
            payload: { recordId: id },
          });
        } else {
          await jobs.cancel(`embargo:${id}`);
        }
      });
      await deps.files.collect(replacedFiles);
      return view((await recordState(id))!, actor, { expand: options.expand ?? false });
    },

    /** Opens (or returns) the draft that edits a published record. */
    async edit(actor: Actor, id: string, options: ReadOptions = {}): Promise<RecordView> {
      const { record, parent, document } = await loadRecord(id, actor, 'canEdit');
      if (!(await repo.draft(id))) {
        await repo.insertDraft({
          id,
          parentId: parent.id,
          versionIndex: record.versionIndex,
          document,
          revisionId: record.revisionId,
          createdAt: record.createdAt,
        });
        await deps.files.edit(id);
      }
      return draftView(id, actor, options);
    },

    /** Opens (or returns) the draft of the next version; files are imported separately. */
    async newVersion(actor: Actor, id: string, options: ReadOptions = {}): Promise<RecordView> {
      const { parent, document } = await loadRecord(id, actor, 'canNewVersion');
      const latest = (await repo.latestRecord(parent.id))!;
      const pending = (await repo.draftsOf(parent.id)).find(
        (d) => d.versionIndex > latest.versionIndex,
      );
      const draftId = pending?.id ?? newRecordId();
      if (!pending) {
        await repo.insertDraft({
          id: draftId,
          parentId: parent.id,
          versionIndex: latest.versionIndex + 1,
          document: {
            ...structuredClone(document),
            pids: {},
            files: { enabled: document.files.enabled },
          },
        });
      }
      return draftView(draftId, actor, options);
    },

    /** A published record; a parent id answers with the latest version's id to redirect to. */
    async readRecord(
      actor: Actor,
      id: string,
      options: ReadOptions = {},
    ): Promise<RecordView | { redirectTo: string }> {
      const loaded = await recordState(id);
      if (!loaded) {
        const latest = await this.latestReadable(actor, id);
        if (latest) return { redirectTo: latest };
        throw notFound();
      }
      authorize('canRead', actor, loaded.facts);
      return view(loaded, actor, options);
    },

    /** A published record found by a search, presented without reading it again. */
    async present(
      actor: Actor,
      hit: { row: RecordRow; parent: ParentRow; grants: GrantFact[] },
      options: ReadOptions = {},
    ): Promise<RecordView> {
      const document = hit.row.document as unknown as RecordDocument;
      const loaded: Loaded = {
        kind: 'record',
        row: hit.row,
        parent: hit.parent,
        document,
        facts: factsOf(hit.parent, document, hit.grants, undefined, true),
        isPublished: true,
        isLatest: hit.row.isLatest,
        isLatestDraft: false,
      };
      // The search filter already applied this rule; checking again costs nothing.
      authorize('canRead', actor, loaded.facts);
      return view(loaded, actor, options);
    },

    /** The newest version of a parent the actor may read. */
    async latestReadable(actor: Actor, parentId: string): Promise<string | undefined> {
      for (const version of await repo.versionsOf(parentId)) {
        const loaded = await recordState(version.id);
        if (loaded && canOnRecord('canRead', actor, loaded.facts)) return version.id;
      }
      return undefined;
    },

    /** Every version the actor may read, newest first. */
    async versions(actor: Actor, id: string, options: ReadOptions = {}): Promise<RecordView[]> {
      const { parent } = await loadRecord(id, actor, 'canRead');
      const result: RecordView[] = [];
      for (const version of await repo.versionsOf(parent.id)) {
        const loaded = (await recordState(version.id))!;
        if (canOnRecord('canRead', actor, loaded.facts))
          result.push(await view(loaded, actor, options));
      }
      return result;
    },

    async latestVersionOf(actor: Actor, id: string): Promise<string> {
      const { parent } = await loadRecord(id, actor, 'canRead');
      return (await this.latestReadable(actor, parent.id)) ?? id;
    },

    async reserveDoi(actor: Actor, id: string, options: ReadOptions = {}): Promise<RecordView> {
      const { document } = await loadDraft(id, actor, 'canManagePids');
      if (document.pids.doi?.provider !== MANAGED_PROVIDER) {
        document.pids.doi = { identifier: await pids.reserve(id), provider: MANAGED_PROVIDER };
        await repo.updateDraft(id, document);
      }
      return draftView(id, actor, options);
    },

    async discardDoi(actor: Actor, id: string, options: ReadOptions = {}): Promise<RecordView> {
      const { document } = await loadDraft(id, actor, 'canManagePids');
      const doi = document.pids.doi;
      if (!doi) throw notFound();
      if (doi.provider === MANAGED_PROVIDER) {
        const state = await pids.status(doi.identifier);
        if (state?.status === 'registered') {
          throw new DomainError('invalid', 'validation', {
            errors: [{ field: 'pids.doi', messages: ['doiRegistered'] }],
          });
        }
        await pids.discardReserved(id);
      }
      delete document.pids.doi;
      await repo.updateDraft(id, document);
      return draftView(id, actor, options);
    },

    /**
     * Lifts an embargo whose date has come (run by the job queue): the record
     * and its files become public, as the embargo promised.
     */
    async liftEmbargo(recordId: string, now = new Date()): Promise<'lifted' | 'not-due' | 'none'> {
      const record = await repo.record(recordId);
      if (!record) return 'none';
      const document = record.document as unknown as RecordDocument;
      const embargo = document.access.embargo;
      if (embargo.active !== true) return 'none';
      if (typeof embargo.until === 'string' && embargo.until > now.toISOString().slice(0, 10)) {
        return 'not-due';
      }
      const lift = (doc: RecordDocument): RecordDocument => ({
        ...doc,
        access: {
          record: 'public',
          files: 'public',
          embargo: { ...doc.access.embargo, active: false },
        },
      });
      await repo.updateRecordDocument(recordId, lift(document));
      const draft = await repo.draft(recordId);
      if (draft)
        await repo.updateDraft(recordId, lift(draft.document as unknown as RecordDocument));
      return 'lifted';
    },
  };
}

export type RecordService = ReturnType<typeof createRecordService>;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
