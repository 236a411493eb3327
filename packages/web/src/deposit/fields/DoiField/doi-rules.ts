import type { RecordJson } from '@arca/schema';
import type { DoiChoice } from '../../form-values.ts';

/**
 * Whether the draft must get a DOI: the site requires one, or an earlier
 * version was published with a DOI managed here, which gave the parent its
 * concept DOI; the server then refuses to publish a version without one.
 */
export function doiRequiredFor(draft: RecordJson | undefined, siteRequires: boolean): boolean {
  const concept = draft?.parent.pids.doi;
  return siteRequires || (concept !== undefined && concept.provider !== 'external');
}

/** The answers to "Do you already have a DOI?" that the server will accept. */
export function doiChoices(required: boolean): DoiChoice[] {
  return required ? ['external', 'managed'] : ['external', 'managed', 'none'];
}
