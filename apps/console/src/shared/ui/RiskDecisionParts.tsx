import type { RiskDecision } from '@wallet/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatMoney } from './format';

/**
 * The parts of a risk decision the risk page and the member page both show. In shared/ because
 * both features list decisions the same way.
 */

/** An amount as the desk reads it: grouped, two decimals, the currency's code after it. */
/** A decision's money; a bank-account change moves none. */
/** An amount as the desk reads money, with its currency. */
export const moneyText = ({ amount, currency }: Pick<RiskDecision, 'amount' | 'currency'>) => `${formatMoney(amount, 'en', currency)} ${currency}`;
/** A decision's money: a bank-account change moves none. */
export const decisionMoney = (decision: Pick<RiskDecision, 'amount' | 'currency' | 'movement'>) => (decision.movement === 'bank_account' ? '—' : moneyText(decision));

const OUTCOME_STYLE = {
  approve: 'border-white/15 text-white/70',
  review: 'border-amber-400/40 bg-amber-500/10 text-amber-200',
  block: 'border-rose-400/40 bg-rose-500/10 text-rose-200',
} as const;

export function OutcomeBadge({ outcome }: { outcome: RiskDecision['outcome'] }) {
  const { t } = useTranslation();
  return <span className={`inline-block whitespace-nowrap rounded-md border px-2 py-0.5 text-xs font-semibold ${OUTCOME_STYLE[outcome]}`}>{t(`risk.outcomes.${outcome}`)}</span>;
}

/**
 * The rules that fired on the movement, each by its name with the reason it gave (the server's
 * words, an investigator's record). A rule that was only observing is marked: it decided nothing.
 */
export function RiskAnswers({ decision }: { decision: RiskDecision }) {
  const { t } = useTranslation();
  const fired = decision.rules.filter((answer) => answer.reason !== null);
  if (fired.length === 0) return <span className="text-white/60">-</span>;
  return (
    <ul className="space-y-1">
      {fired.map((answer) => (
        <li key={answer.code} data-testid={`risk-answer-${answer.code}`} className={answer.mode === 'observe' ? 'text-white/50' : ''}>
          <span className="font-semibold">{t(`risk.names.${answer.code}`, { defaultValue: answer.code })}</span>
          <span className="text-white/50"> · {t(`risk.outcomes.${answer.outcome}`)}</span>
          {answer.mode === 'observe' && <span className="text-white/50"> ({t('risk.observing')})</span>}
          <div className="text-xs text-white/60">{answer.reason}</div>
        </li>
      ))}
    </ul>
  );
}

/** The case an alert joined, for the desk to work it there. */
export function CaseLink({ decision }: { decision: Pick<RiskDecision, 'caseId'> }) {
  const { t } = useTranslation();
  if (!decision.caseId) return null;
  return (
    <Link className="block text-xs text-accent-300 underline" to={`/risk/cases/${decision.caseId}`} data-testid="risk-decision-case">
      {t('risk.cases.open')}
    </Link>
  );
}
