import type { WaitingBankCredit } from '@wallet/contract';
import { groupAccountNumber } from '@wallet/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { ApiError } from '../../shared/api/client';
import { Button } from '../../shared/ui/Button';
import { Dialog } from '../../shared/ui/Dialog';
import { toastDecisionFailure } from '../../shared/ui/decision-toast';
import { formatEpoch, formatMoney } from '../../shared/ui/format';
import { useAssignBankCredit, useBankCredits } from './api/bank-credits';

type Candidate = WaitingBankCredit['candidates'][number];
/** What an operator's press does: name the member (the first of two), or credit the member another operator named. */
type Step = { credit: WaitingBankCredit; memberId: string; kind: 'propose' | 'confirm' };

/** Bank transfers the statement feed could not credit by itself: one operator names the member, a second credits it. */
export function BankCreditsPage() {
  const { t } = useTranslation();
  const waiting = useBankCredits();
  const [step, setStep] = useState<Step | null>(null);
  const credits = waiting.data?.credits;
  return (
    <div className="grid gap-6">
      {waiting.data && <Figures figures={waiting.data.figures} />}
      <section className="rounded-xl border border-white/10 bg-desk-900 p-4">
        <h2 className="mb-1 text-base font-bold">
          {t('bankCredits.title')} <span className="text-white/50">({credits ? credits.length : '…'})</span>
        </h2>
        <p className="mb-3 text-xs text-white/60">{t('bankCredits.intro')}</p>
        {credits?.length === 0 && <p className="text-white/50">{t('queues.nothingPending')}</p>}
        <ul className="divide-y divide-white/5" data-testid="bank-credits">
          {credits?.map((credit) => <Line key={credit.id} credit={credit} onStep={setStep} />)}
        </ul>
      </section>
      <StepDialog step={step} onClose={() => setStep(null)} />
    </div>
  );
}

function Figures({ figures }: { figures: NonNullable<ReturnType<typeof useBankCredits>['data']>['figures'] }) {
  const { t } = useTranslation();
  const share = figures.shareByItself === null ? '–' : `${Math.round(figures.shareByItself * 100)} %`;
  const facts = [
    { label: t('bankCredits.figures.byItself'), value: figures.byItself.toLocaleString('en'), testId: 'bank-credits-by-itself' },
    { label: t('bankCredits.figures.byOperators'), value: figures.byOperators.toLocaleString('en'), testId: 'bank-credits-by-operators' },
    { label: t('bankCredits.figures.waiting'), value: figures.waiting.toLocaleString('en'), testId: 'bank-credits-waiting' },
    { label: t('bankCredits.figures.share'), value: share, testId: 'bank-credits-share' },
  ];
  return (
    <section className="rounded-xl border border-white/10 bg-desk-900 p-4" data-testid="bank-credits-figures">
      <h2 className="mb-3 text-base font-bold">{t('bankCredits.figures.title', { days: figures.days })}</h2>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {facts.map((fact) => (
          <div key={fact.testId} className="rounded-lg bg-white/5 p-3">
            <dt className="text-xs text-white/60">{fact.label}</dt>
            <dd className="font-mono text-xl font-bold" data-testid={fact.testId}>{fact.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** How a member is named to the operator: phone, the registered account's holder, bank and number. */
const memberLabel = (candidate: Candidate) => `${candidate.phone} ${candidate.accountName}`;

function Line({ credit, onStep }: { credit: WaitingBankCredit; onStep: (step: Step) => void }) {
  const { t } = useTranslation();
  const proposedMember = credit.proposed ? credit.candidates.find((candidate) => candidate.memberId === credit.proposed?.memberId) : undefined;
  const [picked, setPicked] = useState<string | null>(credit.proposed?.memberId ?? (credit.candidates.length === 1 ? credit.candidates[0]!.memberId : null));
  const sender = [credit.sender.bank, credit.sender.account && groupAccountNumber(credit.sender.account), credit.sender.name].filter(Boolean).join(' · ');
  const proposedName = credit.proposed ? (proposedMember ? memberLabel(proposedMember) : t('bankCredits.memberNo', { id: credit.proposed.memberId })) : '';
  return (
    <li className="grid gap-3 py-3 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.3fr)]" data-testid="bank-credit" data-bank-ref={credit.bankRef}>
      <div>
        <p className="font-mono text-lg font-bold text-accent-300" data-testid="bank-credit-amount">{formatMoney(credit.amount, 'en', credit.currency)} {credit.currency}</p>
        <p className="text-xs text-white/60">
          {formatEpoch(credit.bookedAt)} · {t('bankCredits.ref')} <span className="font-mono">{credit.bankRef}</span>
        </p>
        <p className="text-sm">
          {t('bankCredits.sender')} <span className="font-mono" data-testid="bank-credit-sender">{sender || t('bankCredits.noSenderShown')}</span>
        </p>
        <p className="mt-1 text-sm font-semibold text-amber-200" data-testid="bank-credit-reason">{t(`bankCredits.reasons.${credit.reason}`, { count: credit.batchCount ?? 0, currency: credit.currency })}</p>
      </div>
      <div className="grid content-start gap-2">
        {!credit.assignable ? (
          <p className="rounded-lg border border-white/10 bg-white/5 p-2 text-sm text-white/70" data-testid="bank-credit-not-assignable">{t('bankCredits.notAssignable')}</p>
        ) : (
          <>
            {credit.candidates.length === 0 ? (
              <p className="text-sm text-white/60" data-testid="bank-credit-no-candidates">{t('bankCredits.noCandidates')}</p>
            ) : (
              <fieldset className="grid gap-1">
                <legend className="mb-1 text-xs text-white/60">{t('bankCredits.candidates')}</legend>
                {credit.candidates.map((candidate) => (
                  <label key={candidate.memberId} className="flex cursor-pointer items-center gap-2 rounded-md px-2 py-1 text-sm hover:bg-white/5">
                    <input type="radio" name={`bank-credit-${credit.id}`} value={candidate.memberId} checked={picked === candidate.memberId} onChange={() => setPicked(candidate.memberId)} data-testid="bank-credit-candidate" />
                    <span className="font-semibold">{candidate.phone}</span>
                    <span>{candidate.accountName}</span>
                    <span className="font-mono text-white/60">{candidate.bank} {groupAccountNumber(candidate.accountNo)}</span>
                  </label>
                ))}
              </fieldset>
            )}
            {credit.proposed && (
              <p className="text-sm" data-testid="bank-credit-proposed">
                {t('bankCredits.proposedBy', { member: proposedName, name: credit.proposed.by })}
              </p>
            )}
            <div className="flex flex-wrap gap-2">
              {credit.proposed && (picked === null || picked === credit.proposed.memberId) ? (
                <Button onClick={() => onStep({ credit, memberId: credit.proposed!.memberId, kind: 'confirm' })} data-testid="bank-credit-confirm">
                  {t('bankCredits.confirm', { member: proposedName, name: credit.proposed.by })}
                </Button>
              ) : (
                <Button disabled={picked === null} onClick={() => picked && onStep({ credit, memberId: picked, kind: 'propose' })} data-testid="bank-credit-propose">
                  {t(credit.proposed ? 'bankCredits.proposeInstead' : 'bankCredits.propose')}
                </Button>
              )}
            </div>
          </>
        )}
      </div>
    </li>
  );
}

/** Says in words what the press does to the member's wallet before it is sent; sending twice is one call. */
function StepDialog({ step, onClose }: { step: Step | null; onClose: () => void }) {
  const { t } = useTranslation();
  const assign = useAssignBankCredit();
  const candidate = step?.credit.candidates.find((one) => one.memberId === step.memberId);
  const words = step && {
    amount: `${formatMoney(step.credit.amount, 'en', step.credit.currency)} ${step.credit.currency}`,
    member: candidate ? memberLabel(candidate) : t('bankCredits.memberNo', { id: step.memberId }),
  };
  const send = () => {
    if (!step) return;
    assign.mutate(
      { id: step.credit.id, memberId: step.memberId },
      {
        onSuccess: ({ message }) => toast.success(t(message === 'SUCCESS' ? 'bankCredits.credited' : 'bankCredits.proposed')),
        onError: (error) => (error instanceof ApiError && error.code === 'FOUR_EYES' ? toast.error(t('bankCredits.fourEyes')) : toastDecisionFailure(error)),
        onSettled: onClose,
      },
    );
  };
  return (
    <Dialog open={step !== null} onOpenChange={(open) => !open && !assign.isPending && onClose()} title={t(step?.kind === 'confirm' ? 'bankCredits.confirmTitle' : 'bankCredits.proposeTitle')} testId="bank-credit-dialog">
      {step && words && (
        <div className="space-y-4">
          <p className="text-sm" data-testid="bank-credit-dialog-words">
            {t(step.kind === 'confirm' ? 'bankCredits.confirmWords' : 'bankCredits.proposeWords', { ...words, name: step.credit.proposed?.by ?? '' })}
          </p>
          <div className="flex justify-end gap-2">
            <Button variant="secondary" disabled={assign.isPending} onClick={onClose}>{t('bankCredits.cancel')}</Button>
            <Button busy={assign.isPending} onClick={send} data-testid="bank-credit-send">
              {t(step.kind === 'confirm' ? 'bankCredits.creditNow' : 'bankCredits.proposeNow')}
            </Button>
          </div>
        </div>
      )}
    </Dialog>
  );
}
