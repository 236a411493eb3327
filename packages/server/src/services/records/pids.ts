import type { Actor } from '../../permissions/records.policy.ts';
import { DomainError, notFound } from '../errors.ts';
import { MANAGED_PROVIDER, createPidService } from '../pids.service.ts';
import { doiRegistration } from '../pids/doi-registration.ts';
import type { RecordKit } from './kit.ts';
import type { ReadOptions, RecordView, RecordViews } from './view.ts';

/** Reserving and discarding a draft's managed DOI, each one unit of work on the locked draft. */
export function pidOperations(kit: RecordKit, views: RecordViews) {
  const pidsOn = (tx: Parameters<typeof createPidService>[0]) =>
    createPidService(tx, kit.deps.doiPrefix);
  const registrationOn = (tx: Parameters<typeof createPidService>[0]) =>
    doiRegistration(tx, kit.deps.datacitePrefix);

  return {
    async reserveDoi(actor: Actor, id: string, options: ReadOptions = {}): Promise<RecordView> {
      await kit.unit('reserveDoi', async (unit) => {
        const { document, ...state } = await kit.lockDraft(unit, id);
        kit.authorize('canManagePids', actor, state);
        if (document.pids.doi?.provider === MANAGED_PROVIDER) return;
        const identifier = await pidsOn(unit.tx).reserve(id);
        await registrationOn(unit.tx).request(identifier, 'draft');
        document.pids.doi = { identifier, provider: MANAGED_PROVIDER };
        await unit.repo.updateDraft(id, document);
      });
      return views.draftView(id, actor, options);
    },

    async discardDoi(actor: Actor, id: string, options: ReadOptions = {}): Promise<RecordView> {
      await kit.unit('discardDoi', async (unit) => {
        const { document, ...state } = await kit.lockDraft(unit, id);
        kit.authorize('canManagePids', actor, state);
        const doi = document.pids.doi;
        if (!doi) throw notFound();
        if (doi.provider === MANAGED_PROVIDER) {
          const pids = pidsOn(unit.tx);
          const current = await pids.status(doi.identifier);
          if (current?.status === 'registered') {
            throw new DomainError('invalid', 'validation', {
              errors: [{ field: 'pids.doi', messages: ['doiRegistered'] }],
            });
          }
          await pids.discardReserved(id);
          await registrationOn(unit.tx).released(doi.identifier);
        }
        delete document.pids.doi;
        await unit.repo.updateDraft(id, document);
      });
      return views.draftView(id, actor, options);
    },
  };
}
