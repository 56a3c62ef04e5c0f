import { type CSSProperties, type ReactNode, Suspense, lazy } from 'react';
import { DELAYS_MS } from '@wallet/contract';
import { useWhenIdle } from '../shared/useWhenIdle';
import { BOTTOM_MENU_HEIGHT_PX } from './shells/BottomMenu';

/**
 * sonner's rich colours put their text at about 4.3:1 on their pale backgrounds, under WCAG AA's
 * 4.5:1 (axe flags it, issue 15 §4): the same hues, darker.
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
 * sonner is not on the first screen's path (issue 16 §3): the toaster loads once the page is idle.
 * A toast raised before that is not lost: sonner's toaster shows the toasts still active when it
 * subscribes, and the screens that raise toasts load sonner with them anyway.
 */
const Toaster = lazy(() => import('sonner').then(({ Toaster }) => ({ default: Toaster })));

function DeferredToaster() {
  const idle = useWhenIdle();
  if (!idle) return null;
  return (
    <Suspense fallback={null}>
      <Toaster {...TOASTER_PLACEMENT} richColors duration={DELAYS_MS.toast} style={TOAST_CONTRAST} />
    </Suspense>
  );
}

/**
 * What wraps every screen: the toaster. The query client comes with the screens that read server
 * state (app/query.tsx) and the overlay host with the member shell, so neither is in /login's
 * first download (issue 16 §3).
 */
export function Providers({ children }: { children: ReactNode }) {
  return (
    <>
      {children}
      <DeferredToaster />
    </>
  );
}
