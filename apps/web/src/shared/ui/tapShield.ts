import { useEffect } from 'react';

/**
 * The longest gap between the two taps of a double tap (phones use about 300 ms; a slow thumb
 * takes longer). A tap that comes later than this after the dialog's last tap is a new intent.
 */
export const DOUBLE_TAP_WINDOW_MS = 400;

/** Every event a tap sends: blocking all of them keeps press-activated widgets (Radix menus) still too. */
const TAP_EVENTS = ['pointerdown', 'pointerup', 'mousedown', 'mouseup', 'click'] as const;

let shieldUntil = 0;
let releaseTimer: ReturnType<typeof setTimeout> | null = null;

function swallow(event: Event): void {
  if (performance.now() >= shieldUntil) return;
  event.preventDefault();
  event.stopPropagation();
  event.stopImmediatePropagation();
}

/**
 * Taps are swallowed until `until` (a `performance.now()` time): they stop at the document, in the
 * capture phase, before React or any element sees them. The listeners go once the time is over.
 */
function shieldTapsUntil(until: number): void {
  if (until <= performance.now()) return;
  if (releaseTimer === null) for (const type of TAP_EVENTS) document.addEventListener(type, swallow, true);
  else clearTimeout(releaseTimer);
  shieldUntil = Math.max(shieldUntil, until);
  releaseTimer = setTimeout(liftTapShield, shieldUntil - performance.now());
}

/** Ends the shield at once (tests, between cases). */
export function liftTapShield(): void {
  if (releaseTimer !== null) clearTimeout(releaseTimer);
  releaseTimer = null;
  shieldUntil = 0;
  for (const type of TAP_EVENTS) document.removeEventListener(type, swallow, true);
}

/**
 * Issue 31 §2: a double tap on a dialog's button must not reach what the dialog covered. The first
 * tap closes the dialog (or starts a call whose answer closes it); the second, a moment later, would
 * land on the screen beneath (the invite claim's second tap opened the spin wheel). So while a
 * dialog is open its taps are noted, and when it closes (or unmounts open) taps are swallowed until
 * a double tap's second tap can no longer come. A dialog closed long after its last tap blocks nothing.
 */
export function useTapShieldOnClose(open: boolean): void {
  useEffect(() => {
    if (!open) return;
    let lastTapAt = -Infinity;
    const noteTap = () => {
      lastTapAt = performance.now();
    };
    // While a modal dialog is open every tap is on it or on its overlay.
    document.addEventListener('pointerdown', noteTap, true);
    document.addEventListener('click', noteTap, true);
    return () => {
      document.removeEventListener('pointerdown', noteTap, true);
      document.removeEventListener('click', noteTap, true);
      shieldTapsUntil(lastTapAt + DOUBLE_TAP_WINDOW_MS);
    };
  }, [open]);
}
