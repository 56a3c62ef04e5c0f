import type { CSSProperties } from 'react';
import { Toaster } from 'sonner';
import { DELAYS_MS } from '@wallet/contract';
import { useAnySheetOpen } from '../shared/ui/sheetPresence';
import { BOTTOM_MENU_HEIGHT_PX } from './shells/BottomMenu';

/**
 * sonner's rich colours put their text at about 4.3:1 on their pale backgrounds, under WCAG AA's
 * 4.5:1 (axe flags it): the same hues, darker.
 */
const TOAST_CONTRAST = {
  '--success-text': 'hsl(140, 100%, 22%)',
  '--error-text': 'hsl(360, 100%, 38%)',
  '--info-text': 'hsl(210, 92%, 35%)',
  '--warning-text': 'hsl(31, 92%, 30%)',
} as CSSProperties;

/**
 * Toasts sit at the bottom, just above the bottom menu (and the phone's safe area): there they
 * cover neither the top bar's language dropdown and logout nor the menu, and a thumb can swipe
 * them away. Both shells have the menu; sonner reads `mobileOffset` below 600 px.
 */
const TOAST_BOTTOM = `calc(${BOTTOM_MENU_HEIGHT_PX + 12}px + env(safe-area-inset-bottom))`;
export const TOASTER_PLACEMENT = {
  position: 'bottom-center',
  offset: { bottom: TOAST_BOTTOM },
  mobileOffset: { bottom: TOAST_BOTTOM, left: 12, right: 12 },
} as const;

/**
 * While a bottom sheet is open its main action (send, move money, OK) is where the bottom toasts
 * sit, so for 4 s the member could not press it. Then toasts go to the top: the
 * sheet's overlay covers the top bar anyway, and a sheet's top holds only its title and close.
 * Toasts already shown move with the placement.
 */
const TOAST_TOP = 'calc(12px + env(safe-area-inset-top))';
export const TOASTER_PLACEMENT_OVER_SHEET = {
  position: 'top-center',
  offset: { top: TOAST_TOP },
  mobileOffset: { top: TOAST_TOP, left: 12, right: 12 },
} as const;

/** The app's toaster, loaded once the page is idle (app/providers.tsx). */
export function AppToaster() {
  const placement = useAnySheetOpen() ? TOASTER_PLACEMENT_OVER_SHEET : TOASTER_PLACEMENT;
  return <Toaster {...placement} richColors duration={DELAYS_MS.toast} style={TOAST_CONTRAST} />;
}
