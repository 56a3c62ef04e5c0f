import { useEffect, useState } from 'react';

/**
 * True once the browser has drawn the first screen and has a moment to spare (at most `timeoutMs`
 * later): for pieces nobody needs on the first paint (the toaster, the service worker), so they
 * never compete with it for the network or the main thread.
 */
export function useWhenIdle(timeoutMs = 1500): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    if (typeof window.requestIdleCallback === 'function') {
      const handle = window.requestIdleCallback(() => setIdle(true), { timeout: timeoutMs });
      return () => window.cancelIdleCallback(handle);
    }
    const handle = window.setTimeout(() => setIdle(true), 1);
    return () => window.clearTimeout(handle);
  }, [timeoutMs]);
  return idle;
}
