import { useCallback, useEffect, useRef, useState } from 'react';

/** SPEC: a spinner, once shown, stays at least this long so it never flickers. */
export const MIN_SPINNER_MS = 400;

/**
 * A spinner flag: `start()` when the work begins; `busy` stays true while
 * `pending` and for at least `minimum` ms after the start, even when the
 * answer comes back before React rendered the pending state at all.
 */
export function useMinimumPending(pending: boolean, minimum = MIN_SPINNER_MS) {
  const [holding, setHolding] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const start = useCallback(() => {
    clearTimeout(timer.current);
    setHolding(true);
    timer.current = setTimeout(() => setHolding(false), minimum);
  }, [minimum]);
  useEffect(() => () => clearTimeout(timer.current), []);
  return { busy: pending || holding, start };
}
