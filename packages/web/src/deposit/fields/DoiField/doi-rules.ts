import type { DoiRuleJson, RecordJson } from '@arca/schema';
import type { DoiChoice } from '../../form-values.ts';

/**
 * The draft's DOI rule as the server sends it (`ui.pids.doi`), the one its
 * publish check applies. Before the first save there is no draft yet: the
 * site's setting (from the server's config) is the whole rule then.
 */
export function doiRuleOf(draft: RecordJson | undefined, siteRequires: boolean): DoiRuleJson {
  const sent = (draft?.ui?.pids as { doi?: DoiRuleJson } | undefined)?.doi;
  if (sent) return sent;
  return siteRequires
    ? { required: true, allowed_providers: ['external', 'managed'] }
    : { required: false, allowed_providers: ['external', 'managed', 'not_needed'] };
}

const CHOICE_OF: Record<DoiRuleJson['allowed_providers'][number], DoiChoice> = {
  external: 'external',
  managed: 'managed',
  not_needed: 'none',
};

/** The answers to "Do you already have a DOI?" that the server will accept. */
export function doiChoices(rule: DoiRuleJson): DoiChoice[] {
  const allowed = new Set(rule.allowed_providers.map((provider) => CHOICE_OF[provider]));
  return (['external', 'managed', 'none'] as const).filter((choice) => allowed.has(choice));
}
