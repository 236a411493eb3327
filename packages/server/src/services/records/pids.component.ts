import { DomainError } from '../errors.ts';
import { MANAGED_PROVIDER, createPidService } from '../pids.service.ts';
import type { RecordComponent } from './components.ts';

/**
 * PIDs through the lifecycle: a published draft's DOI is registered (an
 * external one it replaced is released), the first managed DOI gives the
 * parent a concept DOI, and a discarded draft gives back its reservation.
 */
export function pidsComponent(doiPrefix: string): RecordComponent {
  return {
    async onPublish(tx, id, { unit, state }) {
      const pids = createPidService(tx, doiPrefix);
      const { parent, document } = state;
      const doi = document.pids.doi;
      // A DOI held by another record stays theirs (a forged or raced one).
      if (doi && !(await pids.register(id, doi.identifier, doi.provider))) {
        throw new DomainError('invalid', 'validation', {
          errors: [{ field: 'pids.doi', messages: ['doiTaken'] }],
        });
      }
      await pids.releaseOthers(id, doi?.identifier ?? null);
      // The concept DOI resolves to the latest version.
      if (doi?.provider === MANAGED_PROVIDER && !parent.pids.doi) {
        const concept = pids.managedDoi(parent.id);
        await pids.register(parent.id, concept, MANAGED_PROVIDER);
        await unit.repo.setParentPids(parent.id, {
          ...parent.pids,
          doi: { identifier: concept, provider: MANAGED_PROVIDER },
        });
      }
    },

    async onDeleteDraft(tx, id) {
      await createPidService(tx, doiPrefix).discardReserved(id);
    },

    async onDeleteRecord(tx, id) {
      await createPidService(tx, doiPrefix).onRecordDeleted(id);
    },

    async onRestoreRecord(tx, id) {
      await createPidService(tx, doiPrefix).onRecordRestored(id);
    },
  };
}
