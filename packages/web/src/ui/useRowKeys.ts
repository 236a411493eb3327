import type { Virtualizer } from '@tanstack/react-virtual';
import { useRef, type KeyboardEvent, type RefObject } from 'react';

const FOCUSABLE = 'button, a[href], input, [tabindex="0"]';

/**
 * Arrow keys, Home and End in a virtualised list: from the row holding the
 * focus to the next, previous, first or last row, scrolled into view (and so
 * rendered) and then focused, on its first button or link if it has one.
 */
export function useRowKeys(
  virtualizer: Virtualizer<HTMLDivElement, Element>,
  scroller: RefObject<HTMLDivElement | null>,
  count: number,
) {
  const pending = useRef<number | undefined>(undefined);

  function focusRow(index: number): boolean {
    const row = scroller.current?.querySelector<HTMLElement>(`[data-index="${index}"]`);
    if (!row) return false;
    (row.querySelector<HTMLElement>(FOCUSABLE) ?? row).focus();
    return true;
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const target = event.target as HTMLElement;
    const row = target.closest<HTMLElement>('[data-index]');
    // Keys in the box itself scroll it, as the browser does.
    if (!row) return;
    const at = Number(row.dataset.index);
    const moves: Record<string, number> = {
      ArrowDown: at + 1,
      ArrowUp: at - 1,
      Home: 0,
      End: count - 1,
    };
    const to = moves[event.key];
    if (to === undefined) return;
    event.preventDefault();
    const index = Math.max(0, Math.min(count - 1, to));
    virtualizer.scrollToIndex(index, { align: 'auto' });
    if (!focusRow(index)) pending.current = index;
  }

  /** After a render: focuses the row a key asked for, once it is in the page. */
  function focusPending() {
    if (pending.current !== undefined && focusRow(pending.current)) pending.current = undefined;
  }

  return { onKeyDown, focusPending };
}
