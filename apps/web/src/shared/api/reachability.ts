import { useSyncExternalStore } from 'react';

/**
 * Whether the last call reached the server. Phones report `navigator.onLine` true on a network
 * that carries nothing (a captive portal, a dead mobile link, and Chromium when only its network
 * is cut): a failed call tells the truth sooner. Any answer, even an error, means reachable.
 */
let reachable = true;
const listeners = new Set<() => void>();

export function markReachable(value: boolean): void {
  if (value === reachable) return;
  reachable = value;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const useServerReachable = (): boolean => useSyncExternalStore(subscribe, () => reachable, () => true);
