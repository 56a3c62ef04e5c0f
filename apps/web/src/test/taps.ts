import { DOUBLE_TAP_WINDOW_MS } from '../shared/ui/tapShield';

/**
 * Waits out a double tap's window after a dialog closed: the next tap is the member's own, not the
 * second half of the tap that closed it (which shared/ui/tapShield.ts swallows).
 */
export const nextTap = () => new Promise((resolve) => setTimeout(resolve, DOUBLE_TAP_WINDOW_MS));
