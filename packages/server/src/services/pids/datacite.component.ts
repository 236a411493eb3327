import { MANAGED_PROVIDER } from '../pids.service.ts';
import type { RecordComponent } from '../records/components.ts';
import { doiRegistration } from './doi-registration.ts';

/**
 * DataCite through the lifecycle (after the PIDs component wrote the pids
 * rows): a published version's DOI becomes findable with its metadata, and so
 * does the concept DOI, which follows the latest version; a discarded draft's
 * reservation leaves DataCite.
 */
export function dataciteComponent(prefix: string): RecordComponent {
  return {
    async onPublish(tx, id, { state }) {
      await doiRegistration(tx, prefix).requestFor([id, state.parent.id], 'findable');
    },

    async onDeleteDraft(tx, _id, { state }) {
      const doi = state.document.pids.doi;
      if (doi?.provider === MANAGED_PROVIDER && !state.facts.published) {
        await doiRegistration(tx, prefix).released(doi.identifier);
      }
    },
  };
}
