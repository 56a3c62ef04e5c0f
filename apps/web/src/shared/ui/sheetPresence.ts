import { useEffect, useSyncExternalStore } from 'react';

/**
 * How many bottom sheets are open. Toasts read it (app/toaster.tsx): a sheet's main action is at
 * the bottom of the screen, where toasts otherwise sit.
 */
let openSheets = 0;
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function changeOpenSheets(by: number): void {
  openSheets += by;
  for (const listener of listeners) listener();
}

/** Counts the calling sheet as open while `open` is true. */
export function useSheetPresence(open: boolean): void {
  useEffect(() => {
    if (!open) return;
    changeOpenSheets(1);
    return () => changeOpenSheets(-1);
  }, [open]);
}

export function useAnySheetOpen(): boolean {
  return useSyncExternalStore(subscribe, () => openSheets > 0, () => false);
}
