import type { LinkRefusal } from '../../permissions/policy.ts';
import type { LinkRow } from './access.service.ts';

/**
 * Why a live link gives nothing to this browser, or null when it still may:
 * used up, or bound to the first browser that used it and this is another.
 * Downloads used up still leave the record readable (checked per download).
 */
export function linkRefusal(
  link: Pick<LinkRow, 'maxUses' | 'useCount' | 'oneVisitor' | 'boundBrowser'>,
  browserMark: string,
): LinkRefusal | null {
  if (link.maxUses !== null && link.useCount >= link.maxUses) return 'linkUsesExhausted';
  if (link.oneVisitor && link.boundBrowser !== null && link.boundBrowser !== browserMark) {
    return 'linkBoundToOtherVisitor';
  }
  return null;
}
