import type { ReconciliationException } from '@wallet/contract';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { hasRole, useMe } from '../../shared/api/me';
import { errorText } from '../../shared/i18n';
import { Button } from '../../shared/ui/Button';
import { Dialog } from '../../shared/ui/Dialog';
import { SelectField, TextField } from '../../shared/ui/Field';
import { toastDecisionFailure } from '../../shared/ui/decision-toast';
import { formatTime } from '../../shared/ui/format';
import { AgeText } from './AgeText';
import { CorrectionForm } from './CorrectionForm';
import { useAddExceptionNote } from './api/add-exception-note';
import { useAssignException } from './api/assign-exception';
import { useDecideWriteOff } from './api/decide-write-off';
import { useException } from './api/get-exception';
import { useMatchException } from './api/match-exception';
import { useMemberPhone } from '../../shared/api/member-phone';
import { useQueueOperators } from './api/operator-names';
import { useProposeWriteOff } from './api/propose-write-off';
import { differenceOf, isWaiting, minorMoney } from './figures';

/** Detail fields that are amounts in minor units. */
const MONEY_DETAIL = new Set(['difference', 'fee', 'expectedFee', 'net', 'statedGross', 'statedFees', 'statedNet', 'linesGross', 'linesFees', 'linesNet', 'accountedNet']);

/** A refused or failed step: said in the operator's language beside the step, and as a toast. */
function useFailure() {
  const [failure, setFailure] = useState<string | null>(null);
  return {
    failure,
    clear: () => setFailure(null),
    onError: (error: unknown) => {
      setFailure(errorText(error));
      toastDecisionFailure(error);
    },
  };
}

function Fact({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <>
      <dt className="text-white/50">{label}</dt>
      <dd className="min-w-0 break-words" data-testid={testId}>{children}</dd>
    </>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="space-y-2 border-t border-white/10 pt-3">
      <h3 className="text-sm font-bold">{title}</h3>
      {children}
    </section>
  );
}

/** One exception: what each side holds, its owner and notes, and what can be done with it. */
export function ExceptionDialog({ id, onClose }: { id: string; onClose: () => void }) {
  const { t } = useTranslation();
  const exception = useException(id).data;
  return (
    <Dialog open wide onOpenChange={(open) => !open && onClose()} title={exception ? `${t(`reconciliation.kinds.${exception.kind}`)} · ${t(`reconciliation.sources.${exception.source}`)} · ${exception.day}` : t('reconciliation.exception')} testId="exception-dialog">
      {exception ? <ExceptionBody exception={exception} /> : <p className="text-white/50">…</p>}
      <div className="mt-4 flex justify-end">
        <Button variant="secondary" onClick={onClose} data-testid="exception-close">{t('reconciliation.close')}</Button>
      </div>
    </Dialog>
  );
}

function ExceptionBody({ exception }: { exception: ReconciliationException }) {
  const { t } = useTranslation();
  const phone = useMemberPhone(exception.memberId).data;
  const money = (minor: string | bigint | null) => (
    <span className="font-mono">
      {minorMoney(minor, exception.currency)} {minor !== null && <span className="text-xs text-white/50">{exception.currency}</span>}
    </span>
  );
  const details = Object.entries(exception.detail);
  return (
    <div className="space-y-4 text-sm">
      <dl className="grid grid-cols-[10rem_1fr_10rem_1fr] gap-x-3 gap-y-1.5">
        <Fact label={t('reconciliation.status')} testId="exception-status">{t(`reconciliation.statuses.${exception.status}`)}</Fact>
        <Fact label={t('reconciliation.openedAt')}>
          {formatTime(exception.openedAt)} (<AgeText exception={exception} />)
        </Fact>
        <Fact label={t('reconciliation.ourRef')}><span className="font-mono text-xs">{exception.ourRef || '-'}</span></Fact>
        <Fact label={t('reconciliation.theirRef')}><span className="font-mono text-xs">{exception.theirRef || '-'}</span></Fact>
        <Fact label={t('reconciliation.ourAmount')}>{money(exception.ourAmount)}</Fact>
        <Fact label={t('reconciliation.theirAmount')}>{money(exception.theirAmount)}</Fact>
        <Fact label={t('reconciliation.difference')} testId="exception-difference">{money(differenceOf(exception))}</Fact>
        <Fact label={t('reconciliation.member')}>
          {exception.memberId ? (
            <Link className="font-mono text-accent-300 underline" to={`/members/${exception.memberId}`}>{phone ?? exception.memberId}</Link>
          ) : (
            <span className="text-white/50">{t('reconciliation.noMember')}</span>
          )}
        </Fact>
        <Fact label={t('reconciliation.assignee')} testId="exception-assignee">{exception.assignee ?? <span className="text-white/50">{t('reconciliation.noOwner')}</span>}</Fact>
        {exception.resolutionReason && <Fact label={t('reconciliation.reason')}>{exception.resolutionReason}</Fact>}
        {exception.proposedBy && <Fact label={t('reconciliation.proposedBy')}>{exception.proposedBy}</Fact>}
        {exception.decidedBy && <Fact label={t('reconciliation.decidedBy')}>{exception.decidedBy}</Fact>}
        {exception.resolvedAt && <Fact label={t('reconciliation.resolvedAt')}>{formatTime(exception.resolvedAt)}</Fact>}
      </dl>
      {details.length > 0 && (
        <Section title={t('reconciliation.details')}>
          <dl className="grid grid-cols-[10rem_1fr_10rem_1fr] gap-x-3 gap-y-1" data-testid="exception-details">
            {details.map(([key, value]) => (
              <Fact key={key} label={t(`reconciliation.detail.${key}`, { defaultValue: key })}>
                {MONEY_DETAIL.has(key) && /^-?\d+$/.test(value) ? money(value) : key === 'kindOfRecord' ? t(`reconciliation.recordKinds.${value}`, { defaultValue: value }) : <span className="font-mono text-xs">{value}</span>}
              </Fact>
            ))}
          </dl>
        </Section>
      )}
      {isWaiting(exception) && <AssignSection exception={exception} />}
      <NotesSection exception={exception} />
      <ResolutionSection exception={exception} />
    </div>
  );
}

/** Assign to me, to a colleague picked from the operators (admins see the list) or typed, or to no one. */
function AssignSection({ exception }: { exception: ReconciliationException }) {
  const { t } = useTranslation();
  const me = useMe().data;
  const operators = useQueueOperators(hasRole(me?.roles, 'admin')).data;
  const assign = useAssignException();
  const { failure, clear, onError } = useFailure();
  const [picked, setPicked] = useState('');
  const send = (assignee: string | null) => {
    clear();
    assign.mutate({ id: exception.id, assignee }, { onSuccess: () => (toast.success(t('reconciliation.assigned')), setPicked('')), onError });
  };
  return (
    <Section title={t('reconciliation.assign')}>
      <div className="flex flex-wrap items-end gap-2">
        {me && exception.assignee !== me.username && (
          <Button busy={assign.isPending && assign.variables?.assignee === me.username} disabled={assign.isPending} onClick={() => send(me.username)} data-testid="exception-assign-me">
            {t('reconciliation.assignToMe')}
          </Button>
        )}
        {operators ? (
          <SelectField className="w-52" label={t('reconciliation.operator')} value={picked} onChange={(event) => setPicked(event.target.value)} data-testid="exception-assignee-pick">
            <option value="">—</option>
            {operators.map((username) => (
              <option key={username} value={username}>{username}</option>
            ))}
          </SelectField>
        ) : (
          <TextField className="w-52" label={t('reconciliation.operatorUsername')} value={picked} onChange={(event) => setPicked(event.target.value)} data-testid="exception-assignee-pick" />
        )}
        <Button variant="secondary" busy={assign.isPending && assign.variables?.assignee === picked.trim()} disabled={assign.isPending || !picked.trim()} onClick={() => send(picked.trim())} data-testid="exception-assign">
          {t('reconciliation.assignTo')}
        </Button>
        {exception.assignee && (
          <Button variant="secondary" busy={assign.isPending && assign.variables?.assignee === null} disabled={assign.isPending} onClick={() => send(null)} data-testid="exception-unassign">
            {t('reconciliation.unassign')}
          </Button>
        )}
      </div>
      {failure && <p role="alert" className="text-xs text-rose-300">{failure}</p>}
    </Section>
  );
}

function NotesSection({ exception }: { exception: ReconciliationException }) {
  const { t } = useTranslation();
  const add = useAddExceptionNote();
  const { failure, clear, onError } = useFailure();
  const [note, setNote] = useState('');
  return (
    <Section title={t('reconciliation.notes')}>
      {exception.notes.length === 0 ? (
        <p className="text-white/50">{t('reconciliation.noNotes')}</p>
      ) : (
        <ul className="space-y-1" data-testid="exception-notes">
          {exception.notes.map((item) => (
            <li key={`${item.at}:${item.by}`}>
              <span className="text-white/50">{formatTime(item.at)} · {item.by}:</span> {item.note}
            </li>
          ))}
        </ul>
      )}
      {isWaiting(exception) && (
        <form
          className="flex items-end gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            clear();
            add.mutate({ id: exception.id, note: note.trim() }, { onSuccess: () => setNote(''), onError });
          }}
        >
          <TextField className="flex-1" label={t('reconciliation.newNote')} value={note} maxLength={1000} onChange={(event) => setNote(event.target.value)} data-testid="exception-note" />
          <Button type="submit" variant="secondary" busy={add.isPending} disabled={!note.trim()} data-testid="exception-add-note">{t('reconciliation.addNote')}</Button>
        </form>
      )}
      {failure && <p role="alert" className="text-xs text-rose-300">{failure}</p>}
    </Section>
  );
}

type Resolution = 'match' | 'correction' | 'writeOff';

/** Match by hand, a correction for a second operator, or a write-off for a second operator; and deciding someone else's write-off. */
function ResolutionSection({ exception }: { exception: ReconciliationException }) {
  const { t } = useTranslation();
  const me = useMe().data;
  const [open, setOpen] = useState<Resolution | null>(null);
  if (exception.status === 'correcting')
    return (
      <Section title={t('reconciliation.resolution')}>
        <p data-testid="exception-correcting">
          {t('reconciliation.correctingNote')}{' '}
          <Link className="text-accent-300 underline" to="/corrections">{t('reconciliation.openCorrections')}</Link>
        </p>
      </Section>
    );
  if (exception.status === 'write_off_proposed')
    return (
      <Section title={t('reconciliation.resolution')}>
        <WriteOffDecision exception={exception} own={exception.proposedBy === me?.username} />
      </Section>
    );
  if (exception.status !== 'open') return null;
  return (
    <Section title={t('reconciliation.resolution')}>
      <div className="flex flex-wrap gap-2">
        {(['match', 'correction', 'writeOff'] as const).map((resolution) => (
          <Button key={resolution} variant={open === resolution ? 'primary' : 'secondary'} aria-expanded={open === resolution} onClick={() => setOpen(open === resolution ? null : resolution)} data-testid={`exception-resolve-${resolution}`}>
            {t(`reconciliation.resolutions.${resolution}`)}
          </Button>
        ))}
      </div>
      {open === 'match' && <ReasonForm exception={exception} kind="match" />}
      {open === 'writeOff' && <ReasonForm exception={exception} kind="writeOff" />}
      {open === 'correction' && <CorrectionForm exception={exception} />}
    </Section>
  );
}

/** A resolution that needs only a reason: matched by hand, or a write-off proposed. */
function ReasonForm({ exception, kind }: { exception: ReconciliationException; kind: 'match' | 'writeOff' }) {
  const { t } = useTranslation();
  const match = useMatchException();
  const writeOff = useProposeWriteOff();
  const step = kind === 'match' ? match : writeOff;
  const { failure, clear, onError } = useFailure();
  const [reason, setReason] = useState('');
  return (
    <form
      className="space-y-2 rounded-lg border border-white/10 p-3"
      onSubmit={(event) => {
        event.preventDefault();
        clear();
        const done = () => toast.success(t(kind === 'match' ? 'reconciliation.matchedToast' : 'reconciliation.writeOffProposedToast'));
        step.mutate({ id: exception.id, reason: reason.trim() }, { onSuccess: done, onError });
      }}
    >
      <p className="text-xs text-white/60">{t(kind === 'match' ? 'reconciliation.matchAbout' : 'reconciliation.writeOffAbout')}</p>
      <TextField label={t('reconciliation.reason')} value={reason} maxLength={500} onChange={(event) => setReason(event.target.value)} data-testid={`exception-${kind}-reason`} />
      <div className="flex justify-end">
        <Button type="submit" busy={step.isPending} disabled={reason.trim().length < 3} data-testid={`exception-${kind}-submit`}>
          {t(kind === 'match' ? 'reconciliation.matchSubmit' : 'reconciliation.writeOffSubmit')}
        </Button>
      </div>
      {failure && <p role="alert" className="text-xs text-rose-300">{failure}</p>}
    </form>
  );
}

/** A write-off proposed: another operator approves or rejects; its proposer only sees it wait (the server refuses them too). */
function WriteOffDecision({ exception, own }: { exception: ReconciliationException; own: boolean }) {
  const { t } = useTranslation();
  const decide = useDecideWriteOff();
  const { failure, clear, onError } = useFailure();
  const [note, setNote] = useState('');
  const send = (approve: boolean) => {
    clear();
    decide.mutate(
      { id: exception.id, approve, ...(note.trim() ? { note: note.trim() } : {}) },
      { onSuccess: () => toast.success(t(approve ? 'reconciliation.writtenOffToast' : 'reconciliation.writeOffRejectedToast')), onError },
    );
  };
  const deciding = (approve: boolean) => decide.isPending && decide.variables?.approve === approve;
  return (
    <div className="space-y-2" data-testid="exception-write-off-decision">
      <p>{t('reconciliation.writeOffProposedBy', { name: exception.proposedBy ?? '-', reason: exception.resolutionReason ?? '-' })}</p>
      {own ? (
        <p className="text-white/60" data-testid="exception-write-off-own">{t('reconciliation.writeOffOwn')}</p>
      ) : (
        <>
          <TextField label={t('reconciliation.decisionNote')} value={note} maxLength={500} onChange={(event) => setNote(event.target.value)} data-testid="exception-decision-note" />
          <div className="flex gap-2">
            <Button busy={deciding(true)} disabled={decide.isPending} onClick={() => send(true)} data-testid="exception-write-off-approve">{t('reconciliation.approveWriteOff')}</Button>
            <Button variant="secondary" busy={deciding(false)} disabled={decide.isPending} onClick={() => send(false)} data-testid="exception-write-off-reject">{t('reconciliation.rejectWriteOff')}</Button>
          </div>
        </>
      )}
      {failure && <p role="alert" className="text-xs text-rose-300">{failure}</p>}
    </div>
  );
}
