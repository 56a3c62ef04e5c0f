import { useEffect, useState } from 'react';
import { useTranslation } from '../../shared/i18n/useTranslation';
import { DELAYS_MS } from '@wallet/contract';
import { useConditions } from '../../shared/api/lookup/get-conditions';
import { SafeHtml } from '../../shared/SafeHtml';
import { Button } from '../../shared/ui/Button';
import { Modal } from '../../shared/ui/Modal';

/** SPEC §2 Conditions modal: the lookup runs 200 ms after it opens. */
export function ConditionsModal({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation();
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (!open) return setReady(false);
    const timer = setTimeout(() => setReady(true), DELAYS_MS.conditionsLookup);
    return () => clearTimeout(timer);
  }, [open]);
  const conditions = useConditions(open && ready);

  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={t('conditions.title')}
      footer={
        <Button className="w-full" onClick={() => onOpenChange(false)} data-testid="conditions-confirm">
          {t('common.confirm')}
        </Button>
      }
    >
      {!conditions.data ? (
        <p className="py-6 text-center text-white/60">{t('common.loading')}</p>
      ) : conditions.data.conditions.length === 0 ? (
        <p className="py-6 text-center text-white/60">{t('conditions.empty')}</p>
      ) : (
        <ol className="space-y-4" data-testid="conditions-list">
          {conditions.data.conditions.map((html, index) => (
            <li key={index} className="rounded-2xl bg-white/5 p-4 text-sm leading-relaxed text-white/85">
              <SafeHtml html={html} />
            </li>
          ))}
        </ol>
      )}
    </Modal>
  );
}
