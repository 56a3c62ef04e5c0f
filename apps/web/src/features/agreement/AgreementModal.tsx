import { useQueryClient } from '@tanstack/react-query';
import { useAcceptAgreement } from '../../shared/api/agreement/accept-agreement';
import { useAgreementStatus } from '../../shared/api/agreement/get-agreement-status';
import { ApiError } from '../../shared/api/client';
import { useAgreements } from '../../shared/api/lookup/get-agreements';
import { errorText } from '../../shared/api/messages';
import { useWallet } from '../../shared/api/wallet';
import { useTranslation } from '../../shared/i18n/useTranslation';
import { rememberAcceptedAgreement } from '../../shared/agreementNote';
import { SafeHtml } from '../../shared/SafeHtml';
import { Button } from '../../shared/ui/Button';
import { Modal } from '../../shared/ui/Modal';
import { notify } from '../../shared/notify';

/**
 * SPEC §2: the agreement, shown on home until the member has accepted its current version. The
 * acceptance is the server's record (it follows the member); this device keeps a note of it.
 */
export function AgreementModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const agreements = useAgreements();
  const status = useAgreementStatus();
  const memberId = useWallet().data?.profile._id;
  const acceptAgreement = useAcceptAgreement();

  function accept() {
    const version = status.data?.version;
    if (!version || !memberId || acceptAgreement.isPending) return;
    acceptAgreement.mutate(version, {
      onSuccess: () => {
        rememberAcceptedAgreement({ memberId, version });
        onClose();
      },
      onError: (error) => {
        notify.error('agreement', errorText(t, error));
        // Changed since it was shown: the new one is read first (it replaces the old here).
        if (error instanceof ApiError && error.code === 'AGREEMENT_CHANGED') {
          void queryClient.invalidateQueries({ queryKey: ['lookup', 'agreements'] });
          void status.refetch();
        }
      },
    });
  }

  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('agreement.title')}
      footer={
        <Button className="w-full" onClick={accept} busy={acceptAgreement.isPending} disabled={!status.data || !memberId} data-testid="agreement-accept">
          {t('agreement.accept')}
        </Button>
      }
    >
      <div className="space-y-3" data-testid="agreement-modal">
        {agreements.data?.agreements.map((html, index) => <SafeHtml key={index} html={html} className="text-sm" />)}
      </div>
    </Modal>
  );
}
