import { type RiskRuleMode, currencyCode, type riskDryRunResponse, type riskRule } from '@wallet/contract';
import { Link } from 'react-router';
import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { z } from 'zod';
import { ApiError } from '../../shared/api/client';
import { errorText } from '../../shared/i18n';
import { Button } from '../../shared/ui/Button';
import { SelectField, TextField } from '../../shared/ui/Field';
import { OutcomeBadge, moneyText } from '../../shared/ui/RiskDecisionParts';
import { formatTime } from '../../shared/ui/format';
import { type RuleParams, useChangeRule } from './api/change-rule';
import { useDryRunRule } from './api/dry-run-rule';
import { useRiskRules } from './api/list-rules';
import { useRuleVersions } from './api/rule-versions';
import { ParamsText, inOrderOf } from './ParamsText';

type Rule = z.infer<typeof riskRule>;
const MODES: readonly RiskRuleMode[] = ['active', 'observe', 'off'];
const MODE_STYLE: Record<RiskRuleMode, string> = {
  active: 'border-emerald-400/40 bg-emerald-500/10 text-emerald-200',
  observe: 'border-sky-400/40 bg-sky-500/10 text-sky-200',
  off: 'border-white/15 text-white/50',
};

/** Every rule with its version in force; an admin changes one as a new version, history beside it. */
export function RulesPanel({ canChange }: { canChange: boolean }) {
  const { t } = useTranslation();
  const rules = useRiskRules();
  const [open, setOpen] = useState<{ code: string; what: 'edit' | 'history' } | null>(null);
  const toggle = (code: string, what: 'edit' | 'history') => setOpen(open?.code === code && open.what === what ? null : { code, what });
  return (
    <div className="space-y-3" data-testid="risk-rules">
      <p className="max-w-4xl text-sm text-white/60">{t('risk.rulesAbout')}</p>
      {rules.error && <p role="alert" className="text-sm text-rose-300">{errorText(rules.error)}</p>}
      <table className="w-full rounded-xl bg-desk-900 text-sm">
        <thead className="text-left text-xs text-white/50">
          <tr>
            <th className="px-3 py-2 font-normal">{t('risk.ruleColumns.rule')}</th>
            <th className="px-3 py-2 font-normal">{t('risk.ruleColumns.movements')}</th>
            <th className="px-3 py-2 font-normal">{t('risk.ruleColumns.outcome')}</th>
            <th className="px-3 py-2 font-normal">{t('risk.ruleColumns.mode')}</th>
            <th className="px-3 py-2 font-normal">{t('risk.ruleColumns.params')}</th>
            <th className="px-3 py-2 font-normal">{t('risk.ruleColumns.version')}</th>
            <th className="px-3 py-2 font-normal" />
          </tr>
        </thead>
        <tbody>
          {rules.data?.map((rule) => (
            <Fragment key={rule.code}>
              <tr className="border-t border-white/5 align-top" data-testid={`risk-rule-${rule.code}`}>
                <td className="max-w-md px-3 py-2">
                  <div className="font-semibold">{t(`risk.names.${rule.code}`, { defaultValue: rule.code })}</div>
                  <div className="font-mono text-xs text-white/60">{rule.code}</div>
                  <div className="text-xs text-white/60">{t(`risk.about.${rule.code}`, { defaultValue: '' })}</div>
                </td>
                <td className="px-3 py-2">{rule.movements.map((movement) => t(`risk.movements.${movement}`)).join(', ')}</td>
                <td className="px-3 py-2">{t(`risk.outcomes.${rule.outcome}`)}</td>
                <td className="px-3 py-2">
                  {rule.current && <span className={`inline-block whitespace-nowrap rounded-md border px-2 py-0.5 text-xs font-semibold ${MODE_STYLE[rule.current.mode]}`} data-testid="risk-rule-mode">{t(`risk.modes.${rule.current.mode}`)}</span>}
                </td>
                <td className="px-3 py-2 text-xs"><ParamsText params={rule.current?.params ?? rule.defaults} defaults={rule.defaults} /></td>
                <td className="px-3 py-2 font-mono" data-testid="risk-rule-version">{rule.current?.version ?? '-'}</td>
                <td className="whitespace-nowrap px-3 py-2 text-right">
                  <div className="flex justify-end gap-2">
                    {canChange && rule.current && (
                      <Button variant="secondary" aria-expanded={open?.code === rule.code && open.what === 'edit'} onClick={() => toggle(rule.code, 'edit')} data-testid="risk-rule-edit">{t('risk.edit')}</Button>
                    )}
                    <Button variant="secondary" aria-expanded={open?.code === rule.code && open.what === 'history'} onClick={() => toggle(rule.code, 'history')} data-testid="risk-rule-history">{t('risk.history')}</Button>
                  </div>
                </td>
              </tr>
              {open?.code === rule.code && (
                <tr className="bg-desk-850">
                  <td colSpan={7} className="px-3 py-3">
                    {open.what === 'edit' ? <RuleForm rule={rule} onDone={() => setOpen({ code: rule.code, what: 'history' })} /> : <RuleHistory code={rule.code} defaults={rule.defaults} />}
                  </td>
                </tr>
              )}
            </Fragment>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** A param as the form holds it: the text typed, one per currency for a money figure. */
type ParamsTextForm = Record<string, string | Record<string, string>>;
const toText = (params: RuleParams): ParamsTextForm =>
  Object.fromEntries(Object.entries(params).map(([key, value]) => [key, typeof value === 'number' ? String(value) : Object.fromEntries(Object.entries(value).map(([currency, figure]) => [currency, String(figure)]))]));
const FIGURE = /^\d+(\.\d+)?$/;
/** The params the text stands for, or null while a field is not a number 0 or more. */
function fromText(text: ParamsTextForm): RuleParams | null {
  const figure = (typed: string) => (FIGURE.test(typed.trim()) ? Number(typed.trim()) : null);
  const params: RuleParams = {};
  for (const [key, value] of Object.entries(text)) {
    if (typeof value === 'string') {
      const number = figure(value);
      if (number === null) return null;
      params[key] = number;
    } else {
      const perCurrency: Record<string, number> = {};
      for (const [currency, typed] of Object.entries(value)) {
        const number = figure(typed);
        if (number === null) return null;
        perCurrency[currency] = number;
      }
      params[key] = perCurrency;
    }
  }
  return params;
}

/**
 * The next version of a rule, after the version shown. A change by someone else in between is
 * refused (RULE_CHANGED): the form then shows the version now in force, and says so.
 */
function RuleForm({ rule, onDone }: { rule: Rule; onDone(): void }) {
  const { t } = useTranslation();
  const current = rule.current!;
  // The version the form was filled from: when the one in force moves on, the form refills from it.
  const [shown, setShown] = useState(current.version);
  const [mode, setMode] = useState(current.mode);
  const [text, setText] = useState(() => toText(inOrderOf(current.params, rule.defaults)));
  const [failure, setFailure] = useState<string | null>(null);
  const change = useChangeRule();
  const dryRun = useDryRunRule();
  // What the dry run shown was asked about: once the form differs, the result no longer speaks for it.
  const [triedOn, setTriedOn] = useState<string | null>(null);
  if (shown !== current.version) {
    setShown(current.version);
    setMode(current.mode);
    setText(toText(inOrderOf(current.params, rule.defaults)));
  }
  const params = fromText(text);
  const changed = mode !== current.mode || (params !== null && JSON.stringify(params) !== JSON.stringify(inOrderOf(current.params, rule.defaults)));
  const proposal = JSON.stringify({ mode, params });
  const tryIt = () => {
    if (!params) return;
    setTriedOn(proposal);
    dryRun.mutate({ code: rule.code, mode, params }, { onError: (error) => toast.error(errorText(error)) });
  };
  const save = () => {
    if (!params) return;
    setFailure(null);
    change.mutate(
      { code: rule.code, after: current.version, mode, params },
      {
        onSuccess: (saved) => {
          toast.success(t('risk.saved', { version: saved.version }));
          onDone();
        },
        onError: (error) => {
          const stale = error instanceof ApiError && error.code === 'RULE_CHANGED';
          setFailure(stale ? `${errorText(error)} ${t('risk.staleNote')}` : errorText(error));
          toast.error(errorText(error));
        },
      },
    );
  };
  const testId = (name: string) => `risk-form-${name}`;
  return (
    <div className="grid grid-cols-[minmax(0,2fr)_minmax(0,1fr)] gap-6" data-testid="risk-rule-form">
      <div className="space-y-3">
        <div className="flex flex-wrap items-end gap-3">
          <SelectField className="w-40" label={t('risk.mode')} value={mode} onChange={(event) => setMode(event.target.value as RiskRuleMode)} data-testid={testId('mode')}>
            {MODES.map((each) => (
              <option key={each} value={each}>{t(`risk.modes.${each}`)}</option>
            ))}
          </SelectField>
          {Object.entries(text).map(([key, value]) =>
            typeof value === 'string' ? (
              <TextField key={key} className="w-40" label={t(`risk.params.${key}`, { defaultValue: key })} inputMode="decimal" value={value} onChange={(event) => setText({ ...text, [key]: event.target.value })} data-testid={testId(key)} />
            ) : (
              Object.entries(value).map(([currency, typed]) => (
                <TextField
                  key={`${key}.${currency}`}
                  className="w-40"
                  label={`${t(`risk.params.${key}`, { defaultValue: key })} (${currency})`}
                  inputMode="decimal"
                  value={typed}
                  onChange={(event) => setText({ ...text, [key]: { ...value, [currency]: event.target.value } })}
                  data-testid={testId(`${key}-${currency}`)}
                />
              ))
            ),
          )}
        </div>
        {!params && <p className="text-xs text-rose-300">{t('risk.invalid')}</p>}
        <div className="flex items-center gap-3">
          <Button variant="secondary" busy={dryRun.isPending} disabled={!params} onClick={tryIt} data-testid={testId('dry-run')}>{t('risk.dryRun.run')}</Button>
          <Button busy={change.isPending} disabled={!params || !changed} onClick={save} data-testid={testId('save')}>{t('risk.save', { version: current.version + 1 })}</Button>
          {!changed && <span className="text-xs text-white/50">{t('risk.unchanged')}</span>}
        </div>
        {dryRun.data && !dryRun.isPending && <DryRunResult result={dryRun.data} stale={triedOn !== proposal} />}
        {failure && <p role="alert" className="rounded-lg border border-rose-400/40 bg-rose-500/10 px-3 py-2 text-sm text-rose-200" data-testid={testId('failure')}>{failure}</p>}
      </div>
      <RuleHistory code={rule.code} defaults={rule.defaults} />
    </div>
  );
}

/**
 * What the proposed version would have decided over the stored decisions of the last 90 days: how
 * many would change, by change (review to approve, approve to block…), with examples to check.
 */
// The dry run names a currency as text: one the contract knows is written as the desk reads money.
const exampleMoney = ({ amount, currency }: { amount: number; currency: string }) => {
  const known = currencyCode.safeParse(currency);
  return known.success ? moneyText({ amount, currency: known.data }) : `${amount} ${currency}`;
};

function DryRunResult({ result, stale }: { result: z.infer<typeof riskDryRunResponse>; stale: boolean }) {
  const { t } = useTranslation();
  const changes = Object.entries(result.changes).sort(([, a], [, b]) => b - a);
  const changeText = (change: string) =>
    change
      .split('→')
      .map((outcome) => t(`risk.outcomes.${outcome}`, { defaultValue: outcome }))
      .join(' → ');
  return (
    <div className={`space-y-2 rounded-lg border px-3 py-2 text-sm ${stale ? 'border-white/10 opacity-60' : 'border-sky-400/40 bg-sky-500/5'}`} data-testid="risk-dry-run">
      <p className="font-semibold" data-testid="risk-dry-run-summary">{t('risk.dryRun.summary', { days: result.days, decisions: result.decisions, changed: result.changed })}</p>
      {stale && <p className="text-xs text-amber-300" data-testid="risk-dry-run-stale">{t('risk.dryRun.stale')}</p>}
      {changes.length > 0 && (
        <ul className="flex flex-wrap gap-x-4 gap-y-1" data-testid="risk-dry-run-changes">
          {changes.map(([change, count]) => (
            <li key={change}>
              {changeText(change)}: <span className="font-mono font-bold">{count}</span>
            </li>
          ))}
        </ul>
      )}
      {result.examples.length > 0 && (
        <table className="w-full text-xs" data-testid="risk-dry-run-examples">
          <thead className="text-left text-white/50">
            <tr>
              <th className="py-1 pr-3 font-normal">{t('risk.columns.time')}</th>
              <th className="py-1 pr-3 font-normal">{t('risk.columns.member')}</th>
              <th className="py-1 pr-3 font-normal">{t('risk.columns.movement')}</th>
              <th className="py-1 pr-3 text-right font-normal">{t('risk.columns.amount')}</th>
              <th className="py-1 pr-3 font-normal">{t('risk.dryRun.change')}</th>
              <th className="py-1 font-normal">{t('risk.dryRun.reason')}</th>
            </tr>
          </thead>
          <tbody>
            {result.examples.map((example) => (
              <tr key={example.id} className="border-t border-white/5 align-top">
                <td className="whitespace-nowrap py-1 pr-3 text-white/70">{formatTime(example.createdAt)}</td>
                <td className="py-1 pr-3"><Link className="text-accent-300 underline" to={`/members/${example.memberId}`}>{example.memberId}</Link></td>
                <td className="py-1 pr-3">{t(`risk.movements.${example.movement}`)}</td>
                <td className="whitespace-nowrap py-1 pr-3 text-right font-mono">{exampleMoney(example)}</td>
                <td className="whitespace-nowrap py-1 pr-3"><OutcomeBadge outcome={example.before} /> → <OutcomeBadge outcome={example.after} /></td>
                <td className="py-1 text-white/70">{example.reason ?? '-'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}

/** The rule's versions, newest first: mode, thresholds, who made it and when. */
function RuleHistory({ code, defaults }: { code: string; defaults: RuleParams }) {
  const { t } = useTranslation();
  const versions = useRuleVersions(code, true);
  return (
    <div className="space-y-2 text-xs" data-testid="risk-rule-versions">
      <h3 className="text-sm font-semibold">{t('risk.history')}</h3>
      {versions.error && <p className="text-rose-300">{errorText(versions.error)}</p>}
      <ol className="space-y-2">
        {versions.data?.map((version, index) => (
          <li key={version.version} className="rounded-lg border border-white/10 px-3 py-2" data-testid={`risk-rule-version-${version.version}`}>
            <div className="text-white/70">
              {t('risk.versionLine', { version: version.version, by: version.createdBy, time: formatTime(version.createdAt) })}
              {index === 0 && <span className="ml-2 text-emerald-300">{t('risk.inForce')}</span>}
            </div>
            <div>
              {t(`risk.modes.${version.mode}`)} · <ParamsText params={version.params} defaults={defaults} />
            </div>
          </li>
        ))}
      </ol>
    </div>
  );
}
