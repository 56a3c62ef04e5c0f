import { STORAGE_KEYS } from '@wallet/contract';
import { useTranslation } from '../../shared/i18n/useTranslation';
import { useAgreements } from '../../shared/api/lookup/get-agreements';
import { SafeHtml } from '../../shared/SafeHtml';
import { Button } from '../../shared/ui/Button';
import { Modal } from '../../shared/ui/Modal';

/** SPEC §2: the agreement, shown on home until accepted (local key remember-agreement). */
export function AgreementModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const agreements = useAgreements();
  function accept() {
    localStorage.setItem(STORAGE_KEYS.rememberAgreement, '1');
    onClose();
  }
  return (
    <Modal open onOpenChange={(open) => !open && onClose()} title={t('agreement.title')} footer={<Button className="w-full" onClick={accept} data-testid="agreement-accept">{t('agreement.accept')}</Button>}>
      <div className="space-y-3" data-testid="agreement-modal">
        {agreements.data?.agreements.map((html, index) => <SafeHtml key={index} html={html} className="text-sm" />)}
      </div>
    </Modal>
  );
}
