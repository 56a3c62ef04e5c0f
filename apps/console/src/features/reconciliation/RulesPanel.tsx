import { type ReconciliationRule, type ReconciliationRuleSettings, parseDecimal, reconciliationRuleSettings, toMajor, walletCurrencyOf } from '@wallet/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { errorText } from '../../shared/i18n';
import { SITE_PROFILE } from '../../shared/site';
import { Button } from '../../shared/ui/Button';
import { SelectField, TextField } from '../../shared/ui/Field';
import { formatTime } from '../../shared/ui/format';
import { useDryRun } from './api/dry-run-rule';
import { useRules } from './api/list-rules';
import { useSaveRule } from './api/save-rule';
import { minorMoney, siteDay } from './figures';

// A dry run's exceptions carry no currency: the site's own is the one its records are mostly in.
const SITE_CURRENCY = walletCurrencyOf(SITE_PROFILE.currencies[0]);

/** The rule as the form holds it: the tolerance in major units and the fee as a percent, as an operator says them. */
interface RuleText {
  matchOn: ReconciliationRuleSettings['matchOn'];
  tolerance: string;
  windowMinutes: string;
  feePercent: string;
}

const textOf = (settings: ReconciliationRuleSettings): RuleText => ({
  matchOn: settings.matchOn,
  tolerance: String(toMajor(BigInt(settings.amountTolerance))),
  windowMinutes: String(settings.dateWindowMinutes),
  feePercent: settings.feeBasisPoints === null ? '' : String(toMajor(BigInt(settings.feeBasisPoints))),
});

/** The settings the text stands for, or null while a field is not a number the contract takes. */
function settingsOf(text: RuleText): ReconciliationRuleSettings | null {
  const noFee = text.feePercent.trim() === '';
  const tolerance = parseDecimal(text.tolerance.trim() || '0');
  const fee = noFee ? null : parseDecimal(text.feePercent.trim());
  if (tolerance === null || (!noFee && fee === null) || !/^\d{1,4}$/.test(text.windowMinutes.trim())) return null;
  const parsed = reconciliationRuleSettings.safeParse({ matchOn: text.matchOn, amountTolerance: Number(tolerance), dateWindowMinutes: Number(text.windowMinutes), feeBasisPoints: fee === null ? null : Number(fee) });
  return parsed.success ? parsed.data : null;
}

/** Each source's rule in force and a form for its next version: a dry run on a day first, then saved with a note. */
export function RulesPanel() {
  const { t } = useTranslation();
  const rules = useRules().data;
  return (
    <div className="space-y-4" data-testid="reconciliation-rules">
      <p className="max-w-3xl text-sm text-white/60">{t('reconciliation.rulesAbout')}</p>
      <div className="grid gap-4 xl:grid-cols-3">
        {rules?.map((rule) => <RuleCard key={`${rule.source}:${rule.version}`} rule={rule} />)}
      </div>
    </div>
  );
}

function RuleCard({ rule }: { rule: ReconciliationRule }) {
  const { t } = useTranslation();
  const [text, setText] = useState(() => textOf(rule.settings));
  const [day, setDay] = useState(() => siteDay(new Date()));
  const [note, setNote] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const dryRun = useDryRun();
  const save = useSaveRule();
  const settings = settingsOf(text);
  // The dry run shown is of the settings now in the form: any change asks for a new one before saving.
  const [triedFor, setTriedFor] = useState<string | null>(null);
  const current = settings ? JSON.stringify(settings) : null;
  const tried = dryRun.data && triedFor === current ? dryRun.data : null;
  const changed = current !== JSON.stringify(rule.settings);
  const edit = (change: Partial<RuleText>) => setText({ ...text, ...change });
  const failed = (error: unknown) => {
    setFailure(errorText(error));
    toast.error(errorText(error));
  };
  const runDry = () => {
    if (!settings) return;
    setFailure(null);
    dryRun.mutate({ source: rule.source, settings, day }, { onSuccess: () => setTriedFor(JSON.stringify(settings)), onError: failed });
  };
  const saveRule = () => {
    if (!settings) return;
    setFailure(null);
    save.mutate(
      { source: rule.source, settings, note: note.trim() },
      {
        onSuccess: (saved) => {
          toast.success(t('reconciliation.ruleSaved', { version: saved.version }));
          setNote('');
          setTriedFor(null);
        },
        onError: failed,
      },
    );
  };
  const testId = (name: string) => `rule-${rule.source}-${name}`;
  return (
    <section className="space-y-3 rounded-xl border border-white/10 bg-desk-900 p-4" data-testid={`rule-${rule.source}`}>
      <div>
        <h2 className="font-bold">{t(`reconciliation.sources.${rule.source}`)}</h2>
        <p className="text-xs text-white/60">
          {t('reconciliation.ruleInForce', { version: rule.version, by: rule.createdBy ?? t('reconciliation.starting'), time: formatTime(rule.createdAt) })}
          {rule.note && <> · “{rule.note}”</>}
        </p>
      </div>
      <div className="grid grid-cols-2 gap-3">
        <SelectField label={t('reconciliation.matchOn')} value={text.matchOn} onChange={(event) => edit({ matchOn: event.target.value as RuleText['matchOn'] })} data-testid={testId('match-on')}>
          <option value="reference">{t('reconciliation.matchOnReference')}</option>
          <option value="amount">{t('reconciliation.matchOnAmount')}</option>
        </SelectField>
        <TextField label={t('reconciliation.tolerance')} inputMode="decimal" value={text.tolerance} onChange={(event) => edit({ tolerance: event.target.value })} data-testid={testId('tolerance')} />
        <TextField label={t('reconciliation.dateWindow')} inputMode="numeric" value={text.windowMinutes} onChange={(event) => edit({ windowMinutes: event.target.value })} data-testid={testId('window')} />
        <TextField label={t('reconciliation.feeRate')} inputMode="decimal" placeholder={t('reconciliation.noFee')} value={text.feePercent} onChange={(event) => edit({ feePercent: event.target.value })} data-testid={testId('fee')} />
      </div>
      {!settings && <p className="text-xs text-rose-300">{t('reconciliation.ruleInvalid')}</p>}
      <div className="flex items-end gap-2">
        <TextField className="w-44" type="date" label={t('reconciliation.dryRunDay')} value={day} onChange={(event) => setDay(event.target.value)} data-testid={testId('day')} />
        <Button variant="secondary" busy={dryRun.isPending} disabled={!settings || !/^\d{4}-\d{2}-\d{2}$/.test(day)} onClick={runDry} data-testid={testId('dry-run')}>
          {t('reconciliation.dryRun')}
        </Button>
      </div>
      {tried && (
        <div className="space-y-2 rounded-lg border border-white/10 p-3 text-sm" data-testid={testId('dry-run-result')}>
          <p>{t('reconciliation.dryRunResult', { matched: tried.matched, ours: tried.ours, theirs: tried.theirs, exceptions: tried.exceptions.length })}</p>
          {tried.exceptions.length > 0 && (
            <table className="w-full text-xs">
              <thead>
                <tr className="text-left text-white/50">
                  <th className="pr-2">{t('reconciliation.kind')}</th>
                  <th className="pr-2">{t('reconciliation.ours')}</th>
                  <th>{t('reconciliation.theirs')}</th>
                </tr>
              </thead>
              <tbody>
                {tried.exceptions.slice(0, 20).map((item) => (
                  <tr key={`${item.kind}:${item.ourRef}:${item.theirRef}`} className="border-t border-white/5 align-top">
                    <td className="pr-2">{t(`reconciliation.kinds.${item.kind}`)}</td>
                    <td className="pr-2">
                      <div className="max-w-[9rem] truncate font-mono text-white/60" title={item.ourRef}>{item.ourRef || '-'}</div>
                      <div className="font-mono">{minorMoney(item.ourAmount, SITE_CURRENCY)}</div>
                    </td>
                    <td>
                      <div className="max-w-[9rem] truncate font-mono text-white/60" title={item.theirRef}>{item.theirRef || '-'}</div>
                      <div className="font-mono">{minorMoney(item.theirAmount, SITE_CURRENCY)}</div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          {tried.exceptions.length > 20 && <p className="text-xs text-white/50">{t('reconciliation.andMore', { count: tried.exceptions.length - 20 })}</p>}
        </div>
      )}
      <TextField label={t('reconciliation.ruleNote')} value={note} maxLength={500} onChange={(event) => setNote(event.target.value)} data-testid={testId('note')} />
      <div className="flex items-center gap-2">
        <Button busy={save.isPending} disabled={!tried || !changed || note.trim().length < 3} onClick={saveRule} data-testid={testId('save')}>
          {t('common.save')}
        </Button>
        <span className="text-xs text-white/50">{!changed ? t('reconciliation.unchanged') : !tried ? t('reconciliation.dryRunFirst') : note.trim().length < 3 ? t('reconciliation.noteFirst') : ''}</span>
      </div>
      {failure && <p role="alert" className="text-xs text-rose-300">{failure}</p>}
    </section>
  );
}
