import type { ClearPreview } from '@wallet/contract';
import { useTranslation } from '../../shared/i18n/useTranslation';
import { messageText } from '../../shared/api/messages';
import { PreviewConfirmDialog } from '../../shared/ui/ConfirmDialog';
import { useMoneyFormat } from '../../shared/ui/Money';
import { FigureRow } from '../../shared/ui/RewardFigures';
import { clearPreviewQuery } from './api/preview-clear';

/**
 * Ending the member's condition (SPEC §4 Bonus rules; DESIGN §6): before the confirm button, what
 * ending now takes and what the member keeps, their own deposits made during it being kept; a
 * refusal says why with the figures, and offers no confirm.
 */
export function EndBonusDialog({ open, busy, onConfirm, onCancel }: { open: boolean; busy: boolean; onConfirm: () => void; onCancel: () => void }) {
  const { t } = useTranslation();
  return (
    <PreviewConfirmDialog<ClearPreview>
      open={open}
      title={t('bonus.cancelTitle')}
      intro={t('bonus.cancelText')}
      query={clearPreviewQuery()}
      confirmLabel={t('bonus.cancel')}
      busy={busy}
      onConfirm={onConfirm}
      onCancel={onCancel}
    >
      {(preview) => <ClearFigures preview={preview} />}
    </PreviewConfirmDialog>
  );
}

function ClearFigures({ preview }: { preview: ClearPreview }) {
  const { t } = useTranslation();
  const money = useMoneyFormat(preview.currency);
  const { currency } = preview;
  if (!preview.allowed) {
    const refusal = preview.refusal ?? 'INTERNAL_SERVER_ERROR';
    return (
      <div role="alert" className="space-y-1 rounded-2xl bg-rose-500/10 p-3 text-rose-200" data-testid="clear-refusal">
        <p className="font-semibold">{messageText(t, { key: `errors.${refusal}`, values: { defaultValue: refusal } })}</p>
        <p>{t('bonus.end.floor', { total: money(preview.total), floor: money(preview.floor), currency })}</p>
      </div>
    );
  }
  return (
    <div className="space-y-3" data-testid="clear-figures">
      <dl className="divide-y divide-white/10 rounded-2xl bg-white/5 px-3">
        <FigureRow label={t('bonus.end.total')} amount={money(preview.total)} currency={currency} testId="clear-total" />
        {preview.ownDeposits > 0 && <FigureRow label={t('bonus.end.ownDeposits')} amount={money(preview.ownDeposits)} currency={currency} testId="clear-own-deposits" />}
        <FigureRow label={t('bonus.end.takes')} amount={money(preview.takes)} currency={currency} testId="clear-takes" />
        <FigureRow label={t('bonus.end.keeps')} amount={money(preview.keeps)} currency={currency} testId="clear-keeps" accent />
      </dl>
      <p className="text-white/85">{t('bonus.end.ownNote')}</p>
    </div>
  );
}
