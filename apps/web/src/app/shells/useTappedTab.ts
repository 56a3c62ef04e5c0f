import { useCallback, useState } from 'react';
import { useLocation } from 'react-router';

/**
 * The menu entry a member tapped, while its screen's code and data are on their way: the menu's own
 * state, a tap's update, so it is drawn at once, before the router's render of the screen being
 * left (ADR 0450). Nothing is pending once the member is on another screen, or for a tap on the
 * entry of the screen shown. `tapped` stays the same function while the member stays on a screen, so
 * the menu's entries that did not change are not drawn again.
 */
export function useTappedTab(): { pendingTo: string | undefined; tapped: (to: string) => void } {
  const { pathname } = useLocation();
  const [tap, setTap] = useState<{ to: string; from: string }>();
  const pendingTo = tap && tap.from === pathname && tap.to !== pathname ? tap.to : undefined;
  const tapped = useCallback((to: string) => setTap({ to, from: pathname }), [pathname]);
  return { pendingTo, tapped };
}
