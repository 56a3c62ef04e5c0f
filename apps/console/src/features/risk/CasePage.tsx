import type { RiskCaseDetail, RiskCaseOutcome, RiskDecision } from '@wallet/contract';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { toast } from 'sonner';
import { useMember } from '../../shared/api/get-member';
import { queryKeys } from '../../shared/api/keys';
import { hasRole, useMe } from '../../shared/api/me';
import { errorText } from '../../shared/i18n';
import { Button } from '../../shared/ui/Button';
import { Dialog } from '../../shared/ui/Dialog';
import { SelectField, TextField } from '../../shared/ui/Field';
import { MemberLinks } from '../../shared/ui/MemberLinks';
import { MemberStatement } from '../../shared/ui/MemberStatement';
import { usePrompt } from '../../shared/ui/PromptDialog';
import { DECISION_WORDS, WithdrawalTwoOperators, useQueueDecision } from '../../shared/ui/QueueDecision';
import { OutcomeBadge, RiskAnswers, decisionMoney } from '../../shared/ui/RiskDecisionParts';
import { toastDecisionFailure } from '../../shared/ui/decision-toast';
import { formatTime } from '../../shared/ui/format';
import { useAddCaseNote } from './api/add-case-note';
import { useAssignCase } from './api/assign-case';
import { useCaseWithdrawals } from './api/case-withdrawals';
import { type CloseAction, useCloseCase } from './api/close-case';
import { downloadAttachment, downloadCaseExport } from './api/download-case-file';
import { useRiskCase } from './api/get-case';
import { useLiftFreeze } from './api/lift-freeze';
import { useSnoozeRule } from './api/snooze-rule';
import { CaseStatusBadge } from './CaseParts';
import { isReleasable } from './HeldPanel';
import { ReleaseDialog } from './ReleaseDialog';
import { Fact } from '../../shared/ui/Fact';

/** What an attachment may be, as the server takes it: a picture or a PDF of at most 5 MB. */
const ATTACHMENT_TYPES = 'image/png,image/jpeg,image/gif,application/pdf';
const ATTACHMENT_MAX_BYTES = 5 * 1024 * 1024;
const OUTCOMES: readonly RiskCaseOutcome[] = ['false_positive', 'valuable', 'confirmed'];
const ACTIONS: readonly CloseAction[] = ['none', 'block', 'freeze'];
const SNOOZE_MAX_DAYS = 180;

/**
 * One case: who works it, the decisions it gathered with what each allows (a release, or the two
 * operators' decision on a held withdrawal), the member's movements and links beside them, the
 * investigator's notes, and the close with its outcome; a rule is snoozed for the member only from
 * a case closed as not confirmed.
 */
export function CasePage() {
  const { id = '' } = useParams();
  const { t } = useTranslation();
  const me = useMe().data;
  const riskCase = useRiskCase(id);
  const data = riskCase.data;
  if (!data) return <p className="text-white/50">{riskCase.error ? errorText(riskCase.error) : '…'}</p>;
  const desk = hasRole(me?.roles, 'admin', 'finance');
  return (
    <div className="space-y-4" data-testid="risk-case-page">
      <Link to="/risk?tab=cases" className="text-sm text-accent-300 underline">{t('risk.case.back')}</Link>
      <Summary riskCase={data} username={me?.username} isAdmin={hasRole(me?.roles, 'admin')} />
      <Decisions riskCase={data} canDecide={desk} />
      <div className="grid grid-cols-2 items-start gap-4">
        <Notes riskCase={data} />
        <Snoozes riskCase={data} />
      </div>
      <section className="space-y-2 rounded-xl border border-white/10 bg-desk-900 p-4" data-testid="risk-case-movements">
        <h2 className="font-bold">{t('risk.case.movements')}</h2>
        <MemberStatement id={data.memberId} />
      </section>
      <CaseMemberLinks memberId={data.memberId} />
    </div>
  );
}

function CaseMemberLinks({ memberId }: { memberId: string }) {
  const phone = useMember(memberId).data?.phone;
  return phone ? <MemberLinks memberId={memberId} phone={phone} /> : null;
}

function Summary({ riskCase, username, isAdmin }: { riskCase: RiskCaseDetail; username: string | undefined; isAdmin: boolean }) {
  const { t } = useTranslation();
  const assign = useAssignCase(riskCase.id);
  const phone = useMember(riskCase.memberId).data?.phone;
  const prompt = usePrompt();
  const [dialog, setDialog] = useState<'close' | 'lift' | null>(null);
  const closed = riskCase.status === 'closed';
  const assignTo = (assignee: string | null, done: string) =>
    assign.mutate(assignee, { onSuccess: () => toast.success(t(done)), onError: (error) => toast.error(errorText(error)) });
  async function handOn() {
    const name = await prompt.ask({ title: t('risk.case.handOn'), label: t('risk.case.handOnTo') });
    if (name) assignTo(name, 'risk.case.handedOn');
  }
  const exportCsv = () => downloadCaseExport(riskCase.id).catch((error: unknown) => toast.error(errorText(error)));
  return (
    <section className="space-y-3 rounded-xl border border-white/10 bg-desk-900 p-4" data-testid="risk-case-summary">
      <div className="flex flex-wrap items-baseline justify-between gap-3">
        <h1 className="text-lg font-bold">
          {t('risk.case.title', { inbox: t(`risk.cases.inboxes.${riskCase.inbox}`) })} <CaseStatusBadge status={riskCase.status} outcome={riskCase.outcome} />
        </h1>
        <div className="flex gap-2">
          <Button variant="secondary" onClick={() => void exportCsv()} data-testid="risk-case-export">{t('risk.case.export')}</Button>
          <Link to={`/risk/cases/${riskCase.id}/print`} className="rounded-lg border border-white/15 px-3 py-2 text-sm font-semibold hover:bg-white/5" data-testid="risk-case-print">{t('risk.case.printable')}</Link>
        </div>
      </div>
      <dl className="grid grid-cols-[max-content_1fr_max-content_1fr] gap-x-4 gap-y-1 text-sm">
        <Fact label={t('risk.cases.columns.member')}>
          <Link className="text-accent-300 underline" to={`/members/${riskCase.memberId}`} data-testid="risk-case-member">
            {phone ? `${phone} (${riskCase.memberId})` : t('risk.member', { id: riskCase.memberId })}
          </Link>
        </Fact>
        <Fact label={t('risk.cases.columns.assignee')}>
          <span data-testid="risk-case-assignee">{riskCase.assignee ?? t('risk.cases.unassigned')}</span>
        </Fact>
        <Fact label={t('risk.cases.columns.opened')}>{formatTime(riskCase.openedAt)}</Fact>
        <Fact label={t('risk.cases.columns.lastAlert')}>{formatTime(riskCase.lastAlertAt)}</Fact>
        <Fact label={t('risk.cases.columns.alerts')}>{riskCase.alerts}</Fact>
        <Fact label={t('risk.cases.columns.rules')}>{riskCase.rules.map((code) => t(`risk.names.${code}`, { defaultValue: code })).join(', ') || '-'}</Fact>
        {closed && riskCase.closedAt && (
          <Fact label={t('risk.case.closed')}>
            <span data-testid="risk-case-closed">
              {t('risk.case.closedLine', { name: riskCase.closedBy ?? '-', time: formatTime(riskCase.closedAt) })}
              {riskCase.action && riskCase.action !== 'none' && ` · ${t(`risk.case.actions.${riskCase.action}`)}`}
            </span>
          </Fact>
        )}
      </dl>
      {riskCase.freeze && (
        <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-rose-400/40 bg-rose-500/10 px-3 py-2 text-sm" data-testid="risk-case-freeze">
          <div>
            <p className="font-semibold text-rose-200">{t('risk.case.frozen', { name: riskCase.freeze.createdBy, time: formatTime(riskCase.freeze.createdAt) })}</p>
            <p className="text-white/70">{t('risk.case.frozenTold', { message: riskCase.freeze.reason })}</p>
            {riskCase.freeze.liftProposedBy && <p className="text-white/70" data-testid="risk-case-lift-proposed">{t('risk.case.liftProposedBy', { name: riskCase.freeze.liftProposedBy })}</p>}
          </div>
          {isAdmin && riskCase.freeze.liftProposedBy !== username && <Button variant="secondary" onClick={() => setDialog('lift')} data-testid="risk-case-lift">{t('risk.case.lift')}</Button>}
        </div>
      )}
      {!closed && (
        <div className="flex flex-wrap gap-2" data-testid="risk-case-actions">
          {riskCase.assignee !== username && username && (
            <Button busy={assign.isPending && assign.variables === username} onClick={() => assignTo(username, 'risk.case.taken')} data-testid="risk-case-take">{t('risk.case.take')}</Button>
          )}
          <Button variant="secondary" onClick={() => void handOn()} data-testid="risk-case-hand-on">{t('risk.case.handOn')}</Button>
          {riskCase.assignee && <Button variant="secondary" onClick={() => assignTo(null, 'risk.case.putBackDone')} data-testid="risk-case-put-back">{t('risk.case.putBack')}</Button>}
          <Button variant="danger" onClick={() => setDialog('close')} data-testid="risk-case-close">{t('risk.case.close')}</Button>
        </div>
      )}
      {prompt.dialog}
      {dialog === 'close' && <CloseDialog riskCase={riskCase} onClose={() => setDialog(null)} />}
      {dialog === 'lift' && <LiftFreezeDialog memberId={riskCase.memberId} onClose={() => setDialog(null)} />}
    </section>
  );
}

/** The decisions the case gathered, newest first, each with what may be done about it here. */
function Decisions({ riskCase, canDecide }: { riskCase: RiskCaseDetail; canDecide: boolean }) {
  const { t } = useTranslation();
  const [releasing, setReleasing] = useState<RiskDecision | null>(null);
  const heldWithdrawals = riskCase.decisions.some((decision) => decision.movement === 'withdrawal' && decision.outcome === 'review');
  const withdrawals = useCaseWithdrawals(riskCase.memberId, canDecide && heldWithdrawals).data;
  return (
    <section className="space-y-2 rounded-xl border border-white/10 bg-desk-900 p-4" data-testid="risk-case-decisions">
      <h2 className="font-bold">{t('risk.case.decisions')}</h2>
      <table className="w-full text-sm">
        <thead className="text-left text-xs text-white/50">
          <tr>
            <th className="py-1 pr-3 font-normal">{t('risk.columns.time')}</th>
            <th className="py-1 pr-3 font-normal">{t('risk.columns.movement')}</th>
            <th className="py-1 pr-3 text-right font-normal">{t('risk.columns.amount')}</th>
            <th className="py-1 pr-3 font-normal">{t('risk.columns.outcome')}</th>
            <th className="py-1 pr-3 font-normal">{t('risk.columns.rules')}</th>
            <th className="py-1 font-normal" />
          </tr>
        </thead>
        <tbody>
          {riskCase.decisions.map((decision) => (
            <tr key={decision.id} className="border-t border-white/5 align-top" data-testid={`risk-case-decision-${decision.id}`}>
              <td className="whitespace-nowrap py-2 pr-3 text-white/70">{formatTime(decision.createdAt)}</td>
              <td className="py-2 pr-3">{t(`risk.movements.${decision.movement}`)}</td>
              <td className="whitespace-nowrap py-2 pr-3 text-right font-mono font-bold text-accent-300">{decisionMoney(decision)}</td>
              <td className="py-2 pr-3"><OutcomeBadge outcome={decision.outcome} /></td>
              <td className="py-2 pr-3"><RiskAnswers decision={decision} /></td>
              <td className="py-2 text-right">
                {canDecide && <DecisionAction decision={decision} withdrawal={withdrawals?.find((each) => each._id === decision.subject)} onRelease={() => setReleasing(decision)} />}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {releasing && <ReleaseDialog decision={releasing} onClose={() => setReleasing(null)} />}
    </section>
  );
}

type CaseWithdrawal = NonNullable<ReturnType<typeof useCaseWithdrawals>['data']>[number];

/** A release for a block or a deposit's review; for a held withdrawal, the two operators' approve or refuse the queue uses. */
function DecisionAction({ decision, withdrawal, onRelease }: { decision: RiskDecision; withdrawal: CaseWithdrawal | undefined; onRelease(): void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const prompt = usePrompt();
  const { act, deciding } = useQueueDecision('withdrawals', DECISION_WORDS.payout, () =>
    Promise.all([queryClient.invalidateQueries({ queryKey: queryKeys.member.of(decision.memberId) }), queryClient.invalidateQueries({ queryKey: queryKeys.risk.cases })]),
  );
  if (decision.releasedBy && decision.releasedAt) return <span className="text-xs text-white/60" data-testid="risk-released">{t('risk.releasedBy', { name: decision.releasedBy, time: formatTime(decision.releasedAt) })}</span>;
  if (isReleasable(decision)) return <Button variant="secondary" onClick={onRelease} data-testid="risk-release">{t('risk.release')}</Button>;
  if (decision.movement !== 'withdrawal' || decision.outcome !== 'review' || !withdrawal) return null;
  if (withdrawal.status !== 'in_progress') {
    return <span className="text-xs text-white/60" data-testid="risk-case-withdrawal-done">{t(`risk.case.withdrawalDone.${withdrawal.status}`, { name: withdrawal.decidedBy ?? '-' })}</span>;
  }
  async function refuse(id: string) {
    const reason = await prompt.ask({ title: t(DECISION_WORDS.payout.fail), label: t('queues.reason') });
    if (reason) act(id, 'fail', { reason });
  }
  return (
    <div className="flex flex-col items-end gap-1" data-testid="risk-case-withdrawal">
      <span className="text-xs text-white/60">
        {t('risk.case.twoOperators')}
        <WithdrawalTwoOperators detail={withdrawal} />
      </span>
      <div className="flex gap-2">
        <Button onClick={() => act(withdrawal._id, 'approve')} busy={deciding(withdrawal._id, 'approve')} disabled={deciding(withdrawal._id)} data-testid="risk-case-approve">{t(DECISION_WORDS.payout.approve)}</Button>
        <Button variant="secondary" onClick={() => void refuse(withdrawal._id)} busy={deciding(withdrawal._id, 'fail')} disabled={deciding(withdrawal._id)} data-testid="risk-case-refuse">{t(DECISION_WORDS.payout.fail)}</Button>
      </div>
      {prompt.dialog}
    </div>
  );
}

function Notes({ riskCase }: { riskCase: RiskCaseDetail }) {
  const { t } = useTranslation();
  const add = useAddCaseNote(riskCase.id);
  const [body, setBody] = useState('');
  const [file, setFile] = useState<File | undefined>();
  // The input is remade after each note, so the same file can be chosen again.
  const [inputKey, setInputKey] = useState(0);
  const tooLarge = file !== undefined && file.size > ATTACHMENT_MAX_BYTES;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if ((!body.trim() && !file) || tooLarge) return;
    add.mutate(
      { body, file },
      {
        onSuccess: () => {
          setBody('');
          setFile(undefined);
          setInputKey((key) => key + 1);
          toast.success(t('risk.case.noted'));
        },
        onError: (error) => toast.error(errorText(error)),
      },
    );
  };
  const download = (attachment: { id: string; name: string }) => downloadAttachment(riskCase.id, attachment).catch((error: unknown) => toast.error(errorText(error)));
  return (
    <section className="space-y-3 rounded-xl border border-white/10 bg-desk-900 p-4" data-testid="risk-case-notes">
      <h2 className="font-bold">{t('risk.case.notes')}</h2>
      {riskCase.notes.length === 0 && <p className="text-sm text-white/50">{t('risk.case.noNotes')}</p>}
      <ol className="space-y-2">
        {riskCase.notes.map((note) => (
          <li key={note.id} className="rounded-lg border border-white/10 px-3 py-2 text-sm" data-testid="risk-case-note">
            <div className="text-xs text-white/50">{t('risk.case.noteLine', { name: note.author, time: formatTime(note.createdAt) })}</div>
            {note.body && <p className="whitespace-pre-wrap">{note.body}</p>}
            {note.attachment && (
              <button type="button" className="text-accent-300 underline" onClick={() => void download(note.attachment!)} data-testid="risk-case-attachment">
                {t('risk.case.attachment', { name: note.attachment.name, size: Math.max(1, Math.round(note.attachment.size / 1024)) })}
              </button>
            )}
          </li>
        ))}
      </ol>
      <form className="space-y-2" onSubmit={submit}>
        <label className="block text-sm">
          <span className="text-white/60">{t('risk.case.newNote')}</span>
          <textarea rows={3} maxLength={4000} className="mt-1 w-full rounded-lg border border-white/15 bg-desk-850 p-2 text-sm" value={body} onChange={(event) => setBody(event.target.value)} data-testid="risk-case-note-body" />
        </label>
        <label className="block text-sm">
          <span className="text-white/60">{t('risk.case.attach')}</span>
          <input key={inputKey} type="file" accept={ATTACHMENT_TYPES} className="mt-1 block text-sm" onChange={(event) => setFile(event.target.files?.[0])} data-testid="risk-case-note-file" />
        </label>
        {tooLarge && <p className="text-xs text-rose-300">{t('errors.CHAT_FILE_TOO_LARGE')}</p>}
        <Button type="submit" busy={add.isPending} disabled={(!body.trim() && !file) || tooLarge} data-testid="risk-case-note-add">{t('risk.case.addNote')}</Button>
      </form>
    </section>
  );
}

/** A rule left out of this member's decisions for a while, only from a case closed as not confirmed. */
function Snoozes({ riskCase }: { riskCase: RiskCaseDetail }) {
  const { t } = useTranslation();
  const snooze = useSnoozeRule(riskCase.id);
  const [code, setCode] = useState(riskCase.rules[0] ?? '');
  const [days, setDays] = useState('30');
  const [failure, setFailure] = useState<string | null>(null);
  const reviewed = riskCase.status === 'closed' && (riskCase.outcome === 'false_positive' || riskCase.outcome === 'valuable');
  const dayCount = /^\d{1,3}$/.test(days.trim()) ? Number(days.trim()) : Number.NaN;
  const validDays = dayCount >= 1 && dayCount <= SNOOZE_MAX_DAYS;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!code || !validDays) return;
    setFailure(null);
    snooze.mutate(
      { code, days: dayCount },
      {
        onSuccess: () => toast.success(t('risk.case.snoozed')),
        onError: (error) => setFailure(errorText(error)),
      },
    );
  };
  return (
    <section className="space-y-3 rounded-xl border border-white/10 bg-desk-900 p-4" data-testid="risk-case-snoozes">
      <h2 className="font-bold">{t('risk.case.snoozes')}</h2>
      <p className="text-sm text-white/60">{t('risk.case.snoozeAbout')}</p>
      {riskCase.snoozes.length === 0 && <p className="text-sm text-white/50">{t('risk.case.noSnoozes')}</p>}
      <ul className="space-y-1 text-sm">
        {riskCase.snoozes.map((each) => (
          <li key={`${each.code}:${each.createdAt}`} data-testid="risk-case-snooze">
            <span className="font-semibold">{t(`risk.names.${each.code}`, { defaultValue: each.code })}</span>{' '}
            <span className="text-white/60">{t('risk.case.snoozeLine', { until: formatTime(each.until), name: each.createdBy })}</span>
          </li>
        ))}
      </ul>
      {reviewed && riskCase.rules.length > 0 && (
        <form className="flex flex-wrap items-end gap-3" onSubmit={submit} data-testid="risk-case-snooze-form">
          <SelectField className="w-72" label={t('risk.case.snoozeRule')} value={code} onChange={(event) => setCode(event.target.value)} data-testid="risk-case-snooze-code">
            {riskCase.rules.map((each) => (
              <option key={each} value={each}>{t(`risk.names.${each}`, { defaultValue: each })}</option>
            ))}
          </SelectField>
          <TextField
            className="w-32"
            label={t('risk.case.snoozeDays')}
            inputMode="numeric"
            value={days}
            onChange={(event) => setDays(event.target.value)}
            error={days.trim() && !validDays ? t('risk.case.snoozeDaysInvalid', { max: SNOOZE_MAX_DAYS }) : undefined}
            data-testid="risk-case-snooze-days"
          />
          <Button type="submit" busy={snooze.isPending} disabled={!validDays} data-testid="risk-case-snooze-submit">{t('risk.case.snooze')}</Button>
        </form>
      )}
      {failure && <p role="alert" className="rounded-lg border border-rose-400/40 bg-rose-500/10 px-3 py-2 text-sm text-rose-200" data-testid="risk-case-snooze-failure">{failure}</p>}
    </section>
  );
}

/**
 * The outcome, and for a confirmed case what is done to the member. A block or a freeze says why to
 * the member in their support chat; the operator sees the words as the member will read them (never
 * the rule, which the member is not told).
 */
function CloseDialog({ riskCase, onClose }: { riskCase: RiskCaseDetail; onClose(): void }) {
  const { t } = useTranslation();
  const close = useCloseCase();
  const [outcome, setOutcome] = useState<RiskCaseOutcome | null>(null);
  const [action, setAction] = useState<CloseAction>('none');
  const [message, setMessage] = useState('');
  const acting = outcome === 'confirmed' && action !== 'none';
  const ready = outcome !== null && (!acting || message.trim().length > 0);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!outcome || !ready) return;
    close.mutate(
      { id: riskCase.id, outcome, action: acting ? action : 'none', ...(acting ? { memberMessage: message.trim() } : {}) },
      {
        onSuccess: () => {
          toast.success(t('risk.case.closedDone'));
          onClose();
        },
        onError: (error) => {
          toastDecisionFailure(error);
          onClose();
        },
      },
    );
  };
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={t('risk.case.closeTitle')} testId="risk-case-close-dialog">
      <form className="space-y-3" onSubmit={submit}>
        <fieldset className="space-y-1">
          <legend className="mb-1 text-sm text-white/60">{t('risk.case.outcome')}</legend>
          {OUTCOMES.map((each) => (
            <label key={each} className="flex items-start gap-2 text-sm">
              <input
                type="radio"
                name="outcome"
                className="mt-1"
                checked={outcome === each}
                onChange={() => {
                  setOutcome(each);
                  if (each !== 'confirmed') setAction('none');
                }}
                data-testid={`risk-case-outcome-${each}`}
              />
              <span>
                <span className="font-semibold">{t(`risk.cases.outcomes.${each}`)}</span>
                <span className="block text-xs text-white/60">{t(`risk.case.outcomeAbout.${each}`)}</span>
              </span>
            </label>
          ))}
        </fieldset>
        {outcome === 'confirmed' && (
          <SelectField label={t('risk.case.action')} value={action} onChange={(event) => setAction(event.target.value as CloseAction)} data-testid="risk-case-action">
            {ACTIONS.map((each) => (
              <option key={each} value={each}>{t(`risk.case.actionChoices.${each}`)}</option>
            ))}
          </SelectField>
        )}
        {acting && (
          <>
            <label className="block text-sm">
              <span className="text-white/60">{t('risk.case.memberMessage')}</span>
              <textarea rows={3} maxLength={500} className="mt-1 w-full rounded-lg border border-white/15 bg-desk-900 p-2 text-sm" value={message} onChange={(event) => setMessage(event.target.value)} data-testid="risk-case-message" />
            </label>
            <div className="space-y-1" data-testid="risk-case-message-preview">
              <p className="text-xs text-white/60">{t('risk.case.memberReads')}</p>
              <div className="max-w-[85%] whitespace-pre-wrap rounded-2xl rounded-tl-sm bg-white px-3 py-2 text-sm text-slate-900">{message.trim() || <span className="text-slate-400">{t('risk.case.messageEmpty')}</span>}</div>
              <p className="text-xs text-white/50">{t(`risk.case.actionEffect.${action}`)}</p>
            </div>
          </>
        )}
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>{t('risk.cancel')}</Button>
          <Button type="submit" variant={acting ? 'danger' : 'primary'} busy={close.isPending} disabled={!ready} data-testid="risk-case-close-confirm">{t('risk.case.closeConfirm')}</Button>
        </div>
      </form>
    </Dialog>
  );
}

function LiftFreezeDialog({ memberId, onClose }: { memberId: string; onClose(): void }) {
  const { t } = useTranslation();
  const lift = useLiftFreeze();
  const confirm = () =>
    lift.mutate(memberId, {
      onSuccess: (answer) => {
        toast.success(t(answer === 'PROPOSED' ? 'risk.case.liftProposed' : 'risk.case.lifted'));
        onClose();
      },
      onError: (error) => {
        toast.error(errorText(error));
        onClose();
      },
    });
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={t('risk.case.lift')} testId="risk-case-lift-dialog">
      <p className="mb-4 text-sm leading-relaxed">{t('risk.case.liftText', { id: memberId })}</p>
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onClose}>{t('risk.cancel')}</Button>
        <Button busy={lift.isPending} onClick={confirm} data-testid="risk-case-lift-confirm">{t('risk.case.liftConfirm')}</Button>
      </div>
    </Dialog>
  );
}
