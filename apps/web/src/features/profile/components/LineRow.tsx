import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { LINE_LINK_RESULT_PARAM } from '@wallet/contract';
import { errorMessage, messageText } from '../../../shared/api/messages';
import { useTranslation } from '../../../shared/i18n/useTranslation';
import { Button } from '../../../shared/ui/Button';
import { useLineLink } from '../api/get-line-link';
import { useStartLineLink } from '../api/start-line-link';
import { useUnlinkLine } from '../api/unlink-line';
import { notify } from '../../../shared/notify';

/** Notices on LINE: connect through LINE Login, or disconnect; LINE Login comes back here with `?line=`. */
export function LineRow() {
  const { t } = useTranslation();
  const link = useLineLink();
  const failed = (error: Error) => notify.error('line-link', messageText(t, errorMessage(error)));
  const start = useStartLineLink({ onError: failed });
  const unlink = useUnlinkLine({ onSuccess: () => notify.success('line-link', t('profile.line.disconnected')), onError: failed });
  useLinkResult();
  const status = link.data;
  if (!status) return null;
  return (
    <div className="mt-4 rounded-3xl border border-white/10 bg-night-850/80 px-5 py-4 shadow-xl" data-testid="line-row">
      <div className="flex min-h-12 items-center justify-between gap-3">
        <div className="min-w-0">
          <p className="font-semibold">{t('profile.line.label')}</p>
          <p className="text-sm text-white/60" data-testid="line-state">
            {!status.linked ? t('profile.line.hint') : status.following ? t('profile.line.connected') : t('profile.line.notFollowing')}
          </p>
        </div>
        {status.linked ? (
          <Button variant="secondary" className="shrink-0" onClick={() => unlink.mutate()} busy={unlink.isPending} data-testid="line-disconnect">
            {t('profile.line.disconnect')}
          </Button>
        ) : (
          <Button className="shrink-0" onClick={() => start.mutate()} busy={start.isPending} data-testid="line-connect">
            {t('profile.line.connect')}
          </Button>
        )}
      </div>
    </div>
  );
}

/** Says once how linking went, then takes `?line=` off the address so a reload does not say it again. */
function useLinkResult() {
  const { t } = useTranslation();
  const { search, pathname } = useLocation();
  const navigate = useNavigate();
  const result = new URLSearchParams(search).get(LINE_LINK_RESULT_PARAM);
  useEffect(() => {
    if (!result) return;
    if (result === 'linked') notify.success('line-link', t('profile.line.linked'));
    else notify.error('line-link', t(`errors.${result}`, { defaultValue: result }));
    void navigate(pathname, { replace: true });
  }, [result, pathname, navigate, t]);
}
