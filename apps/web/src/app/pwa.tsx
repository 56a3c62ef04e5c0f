import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { useRegisterSW } from 'virtual:pwa-register/react';
import { Button } from '../shared/ui/Button';
import { useOnline } from '../shared/useOnline';
import { useServerReachable } from '../shared/api/reachability';

/**
 * Issue 15 §4: offline, the app says so in the member's language instead of showing stale or
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

/** Registers the service worker; when a new version is deployed, offers to switch to it. */
export function UpdatePrompt() {
  const { t } = useTranslation();
  const {
    needRefresh: [needRefresh],
    updateServiceWorker,
  } = useRegisterSW();
  useEffect(() => {
    if (!needRefresh) return;
    toast(t('common.updateReady'), { id: 'app-update', duration: Infinity, action: { label: t('common.update'), onClick: () => void updateServiceWorker(true) } });
  }, [needRefresh, t, updateServiceWorker]);
  return null;
}
