import { useRef } from 'react';

/**
 * Focus goes back to what had it when a dialog opened. An overlay opened by state (a registry, a
 * row's button that re-renders), not by a Radix trigger, otherwise leaves the keyboard at the top of
 * the page. Spread on a Radix `Dialog.Content` (or `AlertDialog.Content`).
 */
export function useFocusReturn() {
  const returnTo = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus: () => {
      returnTo.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    },
    onCloseAutoFocus: (event: Event) => {
      event.preventDefault();
      returnTo.current?.focus();
    },
  };
}
