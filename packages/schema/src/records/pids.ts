// `pids`: only an external DOI is checked here; reserved (managed) DOIs are
// the server's business.
import { checkRequiredString, isAbsent, objectAt } from './field-checks.ts';
import { validateIdentifier } from './identifiers.ts';
import type { Report } from './report.ts';

export function checkPids(value: unknown, report: Report): void {
  const pids = objectAt(value, 'pids', report);
  if (!pids || isAbsent(pids.doi)) return;
  const doi = objectAt(pids.doi, 'pids.doi', report);
  if (!doi) return;
  const provider = checkRequiredString(doi.provider, 'pids.doi.provider', report);
  if (provider !== 'external') return;
  // An external DOI not given yet: InvenioRDM's external provider reports it on pids.doi.
  if (isAbsent(doi.identifier) || (typeof doi.identifier === 'string' && !doi.identifier.trim())) {
    report('pids.doi', 'missingDoi');
    return;
  }
  const identifier = checkRequiredString(doi.identifier, 'pids.doi.identifier', report);
  if (identifier !== undefined && !validateIdentifier('doi', identifier)) {
    report('pids.doi.identifier', 'invalidDoi');
  }
}
