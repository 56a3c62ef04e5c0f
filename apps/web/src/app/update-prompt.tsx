import { useEffect } from 'react';
import { useTranslation } from '../shared/i18n/useTranslation';
import { toast } from 'sonner';
import { useRegisterSW } from 'virtual:pwa-register/react';

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
