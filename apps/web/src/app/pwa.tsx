import { Suspense, lazy } from 'react';
import { useTranslation } from '../shared/i18n/useTranslation';
import { Button } from '../shared/ui/Button';
import { useOnline } from '../shared/useOnline';
import { useServerReachable } from '../shared/api/reachability';
import { useWhenIdle } from '../shared/useWhenIdle';

/**
 * Offline, the app says so in the member's language instead of showing stale or
 * failing money figures (the service worker never keeps API answers).
 */
export function OfflineScreen() {
  const { t } = useTranslation();
  const online = useOnline();
  const reachable = useServerReachable();
  if (online && reachable) return null;
  return (
    <div className="fixed inset-0 z-50 grid place-items-center bg-night-950 p-6 text-center" role="alert" data-testid="offline-screen">
      <div className="max-w-sm space-y-4">
        <p className="text-xl font-bold">{t('common.offlineTitle')}</p>
        <p className="text-white/75">{t('common.offlineText')}</p>
        <Button className="w-full" onClick={() => window.location.reload()} data-testid="offline-retry">{t('common.retry')}</Button>
      </div>
    </div>
  );
}

const LazyUpdatePrompt = lazy(() => import('./update-prompt').then(({ UpdatePrompt }) => ({ default: UpdatePrompt })));

/**
 * The service worker is registered once the first screen is up and the page is idle:
 * it is for the next start and for updates, never for the first paint.
 */
export function UpdatePrompt() {
  const idle = useWhenIdle();
  if (!idle) return null;
  return (
    <Suspense fallback={null}>
      <LazyUpdatePrompt />
    </Suspense>
  );
}
