import { type StatementEntry, formatReference } from '@wallet/contract';
import type { ReactNode } from 'react';
import { useTranslation } from '../../shared/i18n/useTranslation';
import { formatReceiptTime } from './receiptTime';
import { useCopy } from '../../shared/useCopy';
import { Button } from '../../shared/ui/Button';
import { Modal } from '../../shared/ui/Modal';
import { Money } from '../../shared/ui/Money';
import { relatedOf, sign, useAccountNames, useRefusalReason } from './entry';
import { STATUS_STYLE, statusKey } from './status';

function Row({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div className="flex items-start justify-between gap-4 py-2.5">
      <dt className="shrink-0 text-sm text-white/60">{label}</dt>
      <dd className="min-w-0 text-right font-semibold [overflow-wrap:anywhere]" data-testid={testId}>{children}</dd>
    </div>
  );
}

/** One statement line as a receipt: what a member needs to dispute it, and the reference to read out to support. */
export function StatementReceipt({ entry, onClose }: { entry: StatementEntry; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const accountName = useAccountNames();
  const refusal = useRefusalReason();
  const copy = useCopy();
  const related = relatedOf(entry);
  const refused = entry.statementType === 'withdraw' && entry.status === 'FAILED';
  const reference = entry.reference && formatReference(entry.reference);
  return (
    <Modal open onOpenChange={(open) => !open && onClose()} title={t('statement.receipt.title')}>
      <div data-testid="statement-receipt">
        <div className="pb-3 text-center">
          <p className="text-white/80">{t(`statement.receipt.types.${entry.statementType}`)}</p>
          <p className="mt-1 text-3xl font-bold tabular-nums" data-testid="receipt-amount">
            {sign(entry)}
            <Money value={entry.amount} withMark />
          </p>
          <span className={`mt-2 inline-block rounded-full px-3 py-1 text-sm font-semibold ${STATUS_STYLE[entry.status]}`} data-testid="receipt-status">
            {t(statusKey(entry))}
          </span>
        </div>
        {entry.checking && (
          <p className="mb-2 rounded-2xl bg-white/5 p-3 text-sm text-gold-300" data-testid="receipt-checking">
            {t('statement.checkingSince', { time: formatReceiptTime(entry.createdAt, i18n.language, t('statement.receipt.whenFormat')) })}
          </p>
        )}
        {refused && (
          <div className="mb-2 rounded-2xl bg-white/5 p-3 text-sm" data-testid="receipt-refused">
            {entry.reason && <p className="text-rose-300">{t('statement.refusedBecause', { reason: refusal(entry.reason) })}</p>}
            <p className="text-emerald-300">
              {t('statement.returnedToWallet')} <span className="whitespace-nowrap font-semibold">+<Money value={entry.amount} /></span>
            </p>
          </div>
        )}
        <dl className="divide-y divide-white/10">
          <Row label={t('statement.receipt.when')} testId="receipt-when">
            {formatReceiptTime(entry.createdAt, i18n.language, t('statement.receipt.whenFormat'))}{' '}
            <span className="whitespace-nowrap text-white/60">{t('statement.receipt.timeZone')}</span>
          </Row>
          <Row label={t('statement.receipt.from')} testId="receipt-from">{accountName(entry.from)}</Row>
          <Row label={t('statement.receipt.to')} testId="receipt-to">{accountName(entry.to)}</Row>
          {related && <Row label={t('statement.receipt.related')} testId="receipt-related">{related}</Row>}
          {reference && (
            <Row label={t('statement.receipt.reference')} testId="receipt-reference">
              <span className="flex items-center justify-end gap-2">
                <span className="font-mono text-lg tracking-wider" data-testid="receipt-reference-value">{reference}</span>
                <Button variant="secondary" className="min-h-11 px-3 text-sm" onClick={() => void copy(reference)} data-testid="receipt-copy">
                  {t('statement.receipt.copy')}
                </Button>
              </span>
            </Row>
          )}
        </dl>
        {reference && <p className="mt-3 text-sm text-white/60">{t('statement.receipt.referenceHint')}</p>}
      </div>
    </Modal>
  );
}
