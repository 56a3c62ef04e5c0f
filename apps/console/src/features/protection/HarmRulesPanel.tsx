import type { HarmRuleVersion } from '@wallet/contract';
import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { ApiError } from '../../shared/api/client';
import { errorText } from '../../shared/i18n';
import { Button } from '../../shared/ui/Button';
import { TextField } from '../../shared/ui/Field';
import { formatEpoch } from '../../shared/ui/format';
import { useChangeHarmRule } from './api/change-rule';
import { useHarmRules } from './api/list-rules';
import { markerName } from './HarmParts';

/** The thresholds a rule version holds, each named in the rule's own words: "Minutes after a loss 30 · Times in 30 days 3". */
function ParamsText({ code, params }: { code: string; params: Record<string, number> }) {
  const { t } = useTranslation();
  const entries = Object.entries(params);
  if (entries.length === 0) return <span className="text-white/50">-</span>;
  return (
    <span data-testid="harm-rule-params">
      {entries.map(([key, value], index) => (
        <span key={key} className="whitespace-nowrap">
          {index > 0 && <span className="text-white/50"> · </span>}
          <span className="text-white/50">{t(`harm.params.${code}.${key}`, { defaultValue: key })}</span> <span className="font-mono">{value.toLocaleString('en')}</span>
        </span>
      ))}
    </span>
  );
}

/**
 * Each marker's rule in force and the scores the levels start at. An admin changes one as a new
 * version after the one they saw; a change by someone else meanwhile is refused, never overwritten.
 */
export function HarmRulesPanel({ canChange }: { canChange: boolean }) {
  const { t } = useTranslation();
  const rules = useHarmRules();
  const [editing, setEditing] = useState<string | null>(null);
  return (
    <div className="space-y-3" data-testid="harm-rules">
      <p className="max-w-4xl text-sm text-white/60">{t('harm.rules.about')}</p>
      {rules.error && <p role="alert" className="text-sm text-rose-300">{errorText(rules.error)}</p>}
      <table className="w-full rounded-xl bg-desk-900 text-sm">
        <thead className="text-left text-xs text-white/50">
          <tr>
            <th className="px-3 py-2 font-normal">{t('harm.rules.marker')}</th>
            <th className="px-3 py-2 text-right font-normal">{t('harm.rules.version')}</th>
            <th className="px-3 py-2 text-right font-normal">{t('harm.rules.points')}</th>
            <th className="px-3 py-2 font-normal">{t('harm.rules.params')}</th>
            <th className="px-3 py-2 font-normal">{t('harm.rules.changed')}</th>
            <th className="px-3 py-2 font-normal" />
          </tr>
        </thead>
        <tbody>
          {rules.data?.map((rule) => (
            <Fragment key={rule.code}>
              <tr className="border-t border-white/5 align-top" data-testid={`harm-rule-${rule.code}`}>
                <td className="max-w-md px-3 py-2">
                  <div className="font-semibold">{markerName(t, rule.code)}</div>
                  <div className="text-xs text-white/60">{t(`harm.about.${rule.code}`, { defaultValue: '' })}</div>
                </td>
                <td className="px-3 py-2 text-right font-mono" data-testid="harm-rule-version">{rule.version}</td>
                <td className="px-3 py-2 text-right font-mono" data-testid="harm-rule-points">{rule.code === 'levels' ? '-' : rule.points}</td>
                <td className="px-3 py-2 text-xs"><ParamsText code={rule.code} params={rule.params} /></td>
                <td className="px-3 py-2 text-xs text-white/60">{rule.createdBy && rule.createdAt ? t('harm.rules.changedBy', { name: rule.createdBy, time: formatEpoch(rule.createdAt) }) : t('harm.rules.asShipped')}</td>
                <td className="whitespace-nowrap px-3 py-2 text-right">
                  {canChange && (
                    <Button variant="secondary" aria-expanded={editing === rule.code} onClick={() => setEditing(editing === rule.code ? null : rule.code)} data-testid="harm-rule-edit">{t('harm.rules.edit')}</Button>
                  )}
                </td>
              </tr>
              {editing === rule.code && (
                <tr className="bg-desk-850">
                  <td colSpan={6} className="px-3 py-3">
                    <RuleForm rule={rule} onDone={() => setEditing(null)} />
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

const FIGURE = /^\d+(\.\d+)?$/;
const toText = (params: Record<string, number>) => Object.fromEntries(Object.entries(params).map(([key, value]) => [key, String(value)]));
/** The params the text stands for, or null while a field is not a number 0 or more. */
function fromText(text: Record<string, string>): Record<string, number> | null {
  const params: Record<string, number> = {};
  for (const [key, typed] of Object.entries(text)) {
    if (!FIGURE.test(typed.trim())) return null;
    params[key] = Number(typed.trim());
  }
  return params;
}

/**
 * The rule's next version, after the version shown. Refused as stale (RULE_CHANGED), the rules
 * reload and the form refills from the version now in force, saying so.
 */
function RuleForm({ rule, onDone }: { rule: HarmRuleVersion; onDone(): void }) {
  const { t } = useTranslation();
  const change = useChangeHarmRule();
  const [shown, setShown] = useState(rule.version);
  const [points, setPoints] = useState(String(rule.points));
  const [text, setText] = useState(() => toText(rule.params));
  const [failure, setFailure] = useState<string | null>(null);
  // The version in force moved on (someone else's change): the form refills from it.
  if (shown !== rule.version) {
    setShown(rule.version);
    setPoints(String(rule.points));
    setText(toText(rule.params));
  }
  const levels = rule.code === 'levels';
  const params = fromText(text);
  const pointsValue = /^\d{1,2}$/.test(points.trim()) && Number(points) <= 20 ? Number(points) : null;
  const valid = params !== null && pointsValue !== null;
  const changed = valid && (pointsValue !== rule.points || JSON.stringify(params) !== JSON.stringify(rule.params));
  const save = () => {
    if (!valid) return;
    setFailure(null);
    change.mutate(
      { code: rule.code, after: rule.version, points: pointsValue, params },
      {
        onSuccess: () => {
          toast.success(t('harm.rules.saved', { version: rule.version + 1 }));
          onDone();
        },
        onError: (error) => setFailure(error instanceof ApiError && error.code === 'RULE_CHANGED' ? t('harm.rules.stale') : errorText(error)),
      },
    );
  };
  return (
    <div className="space-y-3" data-testid="harm-rule-form">
      <div className="flex flex-wrap items-end gap-3">
        {!levels && <TextField className="w-32" label={t('harm.rules.points')} inputMode="numeric" value={points} onChange={(event) => setPoints(event.target.value)} data-testid="harm-form-points" />}
        {Object.entries(text).map(([key, value]) => (
          <TextField key={key} className="w-40" label={t(`harm.params.${rule.code}.${key}`, { defaultValue: key })} inputMode="decimal" value={value} onChange={(event) => setText({ ...text, [key]: event.target.value })} data-testid={`harm-form-${key}`} />
        ))}
      </div>
      {!valid && <p className="text-xs text-rose-300">{t('harm.rules.invalid')}</p>}
      <div className="flex items-center gap-3">
        <Button busy={change.isPending} disabled={!changed} onClick={save} data-testid="harm-form-save">{t('harm.rules.save', { version: rule.version + 1 })}</Button>
        <Button variant="secondary" onClick={onDone}>{t('common.cancel')}</Button>
        {valid && !changed && <span className="text-xs text-white/50">{t('harm.rules.unchanged')}</span>}
      </div>
      {failure && <p role="alert" className="rounded-lg border border-rose-400/40 bg-rose-500/10 px-3 py-2 text-sm text-rose-200" data-testid="harm-form-failure">{failure}</p>}
    </div>
  );
}
