import { useCallback, useEffect, useLayoutEffect, useRef } from 'react';

/**
 * The longest gap between the two taps of a double tap (phones use about 300 ms; a slow thumb
 * takes longer). A tap that comes later than this after the dialog's last tap is a new intent.
 */
export const DOUBLE_TAP_WINDOW_MS = 400;

/**
 * How far from the first tap the second may land and still be the same double tap (a thumb's
 * wobble; Android allows about 100 dp). A tap farther away is aimed at something else.
 */
export const DOUBLE_TAP_SLOP_PX = 64;

/** Every event a tap sends: blocking all of them keeps press-activated widgets (Radix menus) still too. */
const TAP_EVENTS = ['pointerdown', 'pointerup', 'mousedown', 'mouseup', 'click'] as const;

interface Tap {
  at: number;
  x: number;
  y: number;
}

let shield: Tap | null = null;
let releaseTimer: ReturnType<typeof setTimeout> | null = null;

function swallow(event: Event): void {
  if (!shield || !(event instanceof MouseEvent)) return;
  // A tap elsewhere, or after the window, is a new intent: the shield ends there, so a later tap
  // at the old spot (another dialog's button where the last one's was) is not taken for the double tap.
  if (performance.now() >= shield.at + DOUBLE_TAP_WINDOW_MS || Math.hypot(event.clientX - shield.x, event.clientY - shield.y) > DOUBLE_TAP_SLOP_PX) {
    liftTapShield();
    return;
  }
  event.preventDefault();
  event.stopPropagation();
  event.stopImmediatePropagation();
}

/**
 * Taps near `lastTap` are swallowed until a double tap's window after it is over: they stop at the
 * document, in the capture phase, before React or any element sees them. The listeners go then.
 */
function shieldAround(lastTap: Tap): void {
  const left = lastTap.at + DOUBLE_TAP_WINDOW_MS - performance.now();
  if (left <= 0) return;
  if (releaseTimer === null) for (const type of TAP_EVENTS) document.addEventListener(type, swallow, true);
  else clearTimeout(releaseTimer);
  shield = lastTap;
  releaseTimer = setTimeout(liftTapShield, left);
}

/** Ends the shield at once (tests, between cases). */
export function liftTapShield(): void {
  if (releaseTimer !== null) clearTimeout(releaseTimer);
  releaseTimer = null;
  shield = null;
  for (const type of TAP_EVENTS) document.removeEventListener(type, swallow, true);
}

/**
 * A double tap on a dialog's button must not reach what the dialog covered. The first
 * tap closes the dialog (or starts a call whose answer closes it); the second, a moment later and at
 * the same spot, would land on the screen beneath (the invite claim's second tap opened the spin
 * wheel). So while a dialog is open its last tap is noted, and when it closes (or unmounts open)
 * taps at that spot are swallowed until a double tap's second tap can no longer come. A dialog
 * closed long after its last tap blocks nothing, nor does a tap elsewhere on the screen.
 */
export function useTapShieldOnClose(open: boolean): void {
  useEffect(() => {
    if (!open) return;
    let lastTap: Tap | null = null;
    const noteTap = (event: MouseEvent) => {
      lastTap = { at: performance.now(), x: event.clientX, y: event.clientY };
    };
    // While a modal dialog is open every tap is on it or on its overlay.
    document.addEventListener('pointerdown', noteTap, true);
    document.addEventListener('click', noteTap, true);
    return () => {
      document.removeEventListener('pointerdown', noteTap, true);
      document.removeEventListener('click', noteTap, true);
      if (lastTap) shieldAround(lastTap);
    };
  }, [open]);
}

/**
 * A dialog that opens while a tap is on its way (one the app opens on its own, as the agreement on
 * home; or the second tap of the double tap that opened it) would take that tap on its backdrop
 * and close at once, before the member saw it. So for a double tap's window after it opens, a tap
 * outside it does not close it. Returns the handler for Radix's `onInteractOutside`.
 */
export function useOutsideTapGraceOnOpen(open: boolean): (event: Event) => void {
  const openedAt = useRef(0);
  // Before the browser draws the dialog, so before any tap can land on it.
  useLayoutEffect(() => {
    if (open) openedAt.current = performance.now();
  }, [open]);
  return useCallback((event: Event) => {
    if (performance.now() < openedAt.current + DOUBLE_TAP_WINDOW_MS) event.preventDefault();
  }, []);
}
