import { PAGE_SIZE, choosesCurrency } from '@wallet/contract';
import { useState } from 'react';
import { useTranslation } from '../../shared/i18n/useTranslation';
import { useMemberCurrency } from '../../shared/api/useMemberCurrency';
import { useWallet } from '../../shared/api/wallet';
import { SITE_PROFILE } from '../../env';
import { formatDateTime } from '../../shared/format';
import { SafeHtml } from '../../shared/SafeHtml';
import { Button } from '../../shared/ui/Button';
import { Modal } from '../../shared/ui/Modal';
import { Money } from '../../shared/ui/Money';
import { PageNumbers } from '../../shared/ui/PageNumbers';
import { useCopy } from '../../shared/useCopy';
import { useInviteInfo } from './api/get-invite-info';
import { useInvites } from './api/get-invites';

/** SPEC §1 and §2: the share link on the app's own host. */
export const inviteLink = (memberId: string, origin = window.location.origin) => `${origin}/register?code=PR${memberId}`;

/** LINE's share link (the messenger of Thailand and Laos): it opens LINE with the text ready to send to a chat. */
export const lineShareUrl = (text: string) => `https://line.me/R/share?text=${encodeURIComponent(text)}`;

/** SPEC §2 Invite overlay: the share link and the invitees' rewards, 10 a page. */
export function InviteModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const wallet = useWallet();
  const info = useInviteInfo();
  const currency = useMemberCurrency();
  const [page, setPage] = useState(1);
  const invites = useInvites(page);
  const copy = useCopy();
  const link = wallet.data ? inviteLink(wallet.data.profile._id) : '';
  const shareText = link ? t('invite.shareText', { link }) : '';
  // The phone's own share sheet, where the browser has one.
  const canShare = typeof navigator.share === 'function';

  return (
    <Modal open onOpenChange={(open) => !open && onClose()} title={t('invite.title')}>
      <div className="space-y-4" data-testid="invite-modal">
        {info.data?.info && <SafeHtml html={info.data.info} className="text-sm" />}
        {info.data && <p className="text-sm text-white/70">{t('invite.rate', { rate: info.data.ratePercent, success: info.data.inviteSuccess, fail: info.data.inviteFail })}</p>}
        {/* Where wallets hold different currencies, only friends in the member's own earn anything. */}
        {info.data?.sameCurrencyOnly && choosesCurrency(SITE_PROFILE) && (
          <p className="rounded-xl bg-white/5 p-3 text-sm text-white/80" data-testid="invite-same-currency">
            {t('invite.otherCurrency', { currency })}
          </p>
        )}
        <div className="rounded-2xl bg-white/5 p-3">
          <p className="text-xs text-white/60">{t('invite.link')}</p>
          <p className="mt-1 break-all font-mono text-sm" data-testid="invite-link">{link}</p>
          <div className="mt-3 grid grid-cols-2 gap-2">
            <a
              href={link ? lineShareUrl(shareText) : undefined}
              target="_blank"
              rel="noopener noreferrer"
              aria-disabled={!link || undefined}
              className="col-span-2 inline-flex min-h-12 items-center justify-center rounded-2xl bg-[#06c755] px-5 text-base font-bold text-[#04210f] transition active:scale-[0.98] aria-disabled:pointer-events-none aria-disabled:opacity-50"
              data-testid="invite-line"
            >
              {t('invite.shareLine')}
            </a>
            {canShare && (
              <Button onClick={() => void navigator.share({ title: t('invite.shareTitle'), text: shareText }).catch(() => undefined)} disabled={!link} data-testid="invite-share">
                {t('invite.share')}
              </Button>
            )}
            <Button variant="secondary" className={canShare ? '' : 'col-span-2'} onClick={() => void copy(link)} disabled={!link} data-testid="invite-copy">
              {t('invite.copy')}
            </Button>
          </div>
        </div>
        <h3 className="font-semibold">{t('invite.list')}</h3>
        {invites.data?.total === 0 && <p className="text-sm text-white/60">{t('invite.empty')}</p>}
        <ul className="divide-y divide-white/10" data-testid="invite-list">
          {invites.data?.invites.map((row, index) => (
            <li key={`${row.createdAt}-${index}`} className="flex items-center justify-between gap-3 py-2 text-sm">
              <span className="min-w-0">
                <span className="block truncate font-semibold">{row.from.name}</span>
                <span className="text-xs text-white/50">{formatDateTime(row.createdAt)} · {t(`invite.status.${row.status}`)}</span>
              </span>
              <Money value={row.amount} className="shrink-0 font-bold text-gold-300" />
            </li>
          ))}
        </ul>
        {invites.data && <PageNumbers page={page} totalPages={Math.ceil(invites.data.total / PAGE_SIZE.invite)} onPage={setPage} />}
      </div>
    </Modal>
  );
}
