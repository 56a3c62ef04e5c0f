import { Suspense, lazy } from 'react';
import { Outlet } from 'react-router';
import { useWhenIdle } from '../shared/useWhenIdle';
import { UpdatePrompt } from './pwa';

/**
 * sonner is not on the first screen's path: the toaster (and its settings,
 * app/toaster.tsx) loads once the page is idle. A toast raised before that is not lost: sonner's
 * toaster shows the toasts still active when it subscribes, and the screens that raise toasts
 * load sonner with them anyway.
 */
const AppToaster = lazy(() => import('./toaster').then(({ AppToaster }) => ({ default: AppToaster })));

function DeferredToaster() {
  const idle = useWhenIdle();
  if (!idle) return null;
  return (
    <Suspense fallback={null}>
      <AppToaster />
    </Suspense>
  );
}

/**
 * What wraps every screen: the toaster and the service worker's update prompt. The router draws it
 * with the first screen, once that screen's code is in, and keeps it from screen to screen: the
 * screen's own effects come first, and what these two load waits in the idle queue behind what the
 * screen queued (home holds the queue until it is drawn). The query client comes with the screens
 * that read server state (app/query.tsx) and the overlay host with the member shell, so neither is
 * in /login's first download.
 */
export function EveryScreen() {
  return (
    <>
      <Outlet />
      <DeferredToaster />
      <UpdatePrompt />
    </>
  );
}
