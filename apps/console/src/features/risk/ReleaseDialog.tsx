import type { RiskDecision } from '@wallet/contract';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '../../shared/ui/Button';
import { Dialog } from '../../shared/ui/Dialog';
import { decisionMoney } from '../../shared/ui/RiskDecisionParts';
import { toastDecisionFailure } from '../../shared/ui/decision-toast';
import { useMemberPhone } from '../../shared/api/member-phone';
import { useReleaseDecision } from './api/release-decision';

/**
 * Asks before a release, saying in money what it does (docs/adr/0362, 0372): a block lets the member
 * make the same movement once, up to its amount, within 24 hours (a bank-account change: the next
 * change); the review of a deposit, a reward or a bank-account change stops holding the member's
 * withdrawals for it. None moves money now. Two operators: the first proposes, a different one
 * confirms (docs/adr/0374).
 */
/** What the release does, by what was decided. */
function releaseKey(decision: RiskDecision): string {
  if (decision.outcome === 'block') return decision.movement === 'bank_account' ? 'risk.releaseBankAccountBlock' : 'risk.releaseBlock';
  if (decision.movement === 'reward') return 'risk.releaseReward';
  if (decision.movement === 'bank_account') return 'risk.releaseBankAccount';
  return 'risk.releaseDeposit';
}

export function ReleaseDialog({ decision, onClose }: { decision: RiskDecision; onClose(): void }) {
  const { t } = useTranslation();
  const release = useReleaseDecision();
  const phone = useMemberPhone(decision.memberId).data;
  const member = phone ? `${phone} (${decision.memberId})` : decision.memberId;
  const amount = decisionMoney(decision);
  const text = t(releaseKey(decision), { member, amount, movement: t(`risk.movementInSentence.${decision.movement}`) });
  const confirm = () =>
    release.mutate(decision.id, {
      onSuccess: (result) => {
        toast.success(t(result.releasedAt ? 'risk.released' : 'risk.releaseProposed'));
        onClose();
      },
      onError: (error) => {
        toastDecisionFailure(error);
        onClose();
      },
    });
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={t(decision.outcome === 'block' ? 'risk.releaseTitle.block' : decision.movement === 'deposit' ? 'risk.releaseTitle.review' : `risk.releaseTitle.${decision.movement}`)} testId="risk-release-dialog">
      <p className="mb-2 text-sm leading-relaxed" data-testid="risk-release-text">{text}</p>
      <p className="mb-4 text-xs text-white/60" data-testid="risk-release-step">{decision.releaseProposedBy ? t('risk.proposedBy', { name: decision.releaseProposedBy }) : t('risk.releaseTwo')}</p>
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onClose}>{t('risk.cancel')}</Button>
        <Button busy={release.isPending} onClick={confirm} data-testid="risk-release-confirm">{t('risk.releaseConfirm')}</Button>
      </div>
    </Dialog>
  );
}
