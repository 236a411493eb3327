import { useDebouncedValue } from '@mantine/hooks';
import { useEffect } from 'react';
import { lookUpIdentifier, type NameOption } from '../../../api/vocabularies.ts';

/** SPEC §9: external identifiers are looked up 200 ms after the last keystroke. */
export const IDENTIFIER_DEBOUNCE_MS = 200;

/**
 * Looks up a typed ORCID (names) or ROR id (affiliations) and hands over what
 * the vocabulary knows, so the person does not type the name again.
 */
export function useIdentifierLookup(
  scheme: 'orcid' | 'ror' | 'gnd',
  identifier: string,
  onFound: (entry: NameOption) => void,
) {
  const [settled] = useDebouncedValue(identifier.trim(), IDENTIFIER_DEBOUNCE_MS);
  useEffect(() => {
    if (!settled || scheme === 'gnd') return;
    const controller = new AbortController();
    void lookUpIdentifier(scheme, settled, controller.signal).then((entry) => {
      if (entry && !controller.signal.aborted) onFound(entry);
    });
    return () => controller.abort();
    // onFound changes every render; the lookup depends on the identifier only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [scheme, settled]);
}
