import { useEffect, useState } from 'react';

/**
 * Gives focus back to the control that opened a dialog when the dialog goes
 * away. Mantine's Modal does this when its `opened` turns false, but a dialog
 * loaded on demand mounts already open and unmounts to close, so Mantine never
 * sees it open: such dialogs call this.
 */
export function useReturnFocus(): void {
  // Read on the first render, before the dialog's focus trap moves focus inside.
  const [opener] = useState(() => document.activeElement);
  useEffect(
    () => () => {
      // Once the dialog's nodes are gone and focus has fallen back to the page.
      window.setTimeout(() => {
        const lost = document.activeElement === null || document.activeElement === document.body;
        if (lost && opener instanceof HTMLElement && opener.isConnected) {
          opener.focus({ preventScroll: true });
        }
      });
    },
    [opener],
  );
}
