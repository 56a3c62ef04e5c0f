import { zodResolver } from '@hookform/resolvers/zod';
import type { ColumnDef } from '@tanstack/react-table';
import { type CurrencyCode, type SiteSettingsBody, siteSettingsBody, type settingsHistoryResponse, type siteSettingsResponse } from '@wallet/contract';
import { useCallback, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { z } from 'zod';
import { hasRole, useMe } from '../../shared/api/me';
import { isPending } from '../../shared/api/pending';
import { errorText } from '../../shared/i18n';
import { Button } from '../../shared/ui/Button';
import { DataTable } from '../../shared/ui/DataTable';
import { AmountField, SelectField, TextField, amountValue } from '../../shared/ui/Field';
import { formatTime } from '../../shared/ui/format';
import { ExportButton } from '../../shared/ui/ExportButton';
import { HISTORY_PAGE_SIZE, getSettingsHistory, useSaveSettings, useSettingsHistory, useSiteSettings } from './api/settings';

type Change = z.infer<typeof settingsHistoryResponse>['changes'][number];
const FLAGS = ['terminated', 'registerOTP', 'enableChatWidget', 'isManualDeposit'] as const;
const NUMBERS = ['slipMaxAgeMinutes', 'defaultPercentFail', 'inviteSuccessPercent', 'inviteFailPercent', 'approvalRewardAbove', 'approvalRewardAboveKip', 'approvalSharePercentAbove', 'approvalRatePercentAbove'] as const;
/** The numbers among them that are amounts of money, and their currency. */
const NUMBER_AMOUNTS: Partial<Record<(typeof NUMBERS)[number], CurrencyCode>> = { approvalRewardAbove: 'THB', approvalRewardAboveKip: 'LAK' };
const TEXTS = ['siteName', 'website', 'slipOpenFrom', 'slipOpenUntil'] as const;
/** The amounts each wallet currency has: baht's are top-level settings, kip's under `lak`. */
const BAHT_AMOUNTS = ['depositMinimum', 'withdrawMin', 'withdrawMax', 'withdrawSecondApprovalAbove', 'autoPayoutMax', 'autoPayoutDailyBudget', 'spinCoinBaht', 'rewardOtherMoneyLimit'] as const;
const KIP_AMOUNTS = ['depositMinimum', 'withdrawMin', 'withdrawMax', 'withdrawSecondApprovalAbove', 'autoPayoutMax', 'autoPayoutDailyBudget', 'spinCoinAmount', 'rewardOtherMoneyLimit'] as const;
/** A number the site profile supplies when it is left empty: null gives the setting back to the profile. */
const optionalNumber = (value: unknown) => (value === '' || value === null || value === undefined ? null : Number(value));
/** A switch the site profile supplies when "site profile" is chosen (null). */
const optionalFlag = (value: unknown) => (value === '' || value === null || value === undefined ? null : value === true || value === 'true');
const PROTECTION_NUMBERS = [
  ['protectionCoolingHours', 'coolingHours'],
  ['protectionRealityCheckMinutes', 'realityCheckMinutes'],
] as const;
const PROTECTION_FLAGS = [
  ['protectionStrict', 'strict'],
  ['protectionLimitPrompt', 'limitPrompt'],
] as const;
/** Quick picks are typed as a list ("10, 20, 50"); what is not a number stays in, for the contract to refuse. */
const pickList = (value: unknown) =>
  typeof value === 'string' ? value.split(/[\s,]+/).filter(Boolean).map((pick) => (Number.isNaN(Number(pick)) ? pick : Number(pick))) : value;

/** Every operator setting (DESIGN §6), validated by the contract, and the history of changes. */
export function SettingsPage() {
  const { t } = useTranslation();
  const canEdit = hasRole(useMe().data?.roles, 'admin');
  const settings = useSiteSettings();
  const [page, setPage] = useState(1);
  const history = useSettingsHistory(page);
  // Only player protection's settings are ever null: the site profile's default applies.
  const settingShown = useCallback((value: unknown) => (value === null ? t('settings.siteDefaultShort') : String(value)), [t]);
  const columns = useMemo<ColumnDef<Change, unknown>[]>(
    () => [
      { header: t('members.time'), cell: ({ row }) => formatTime(row.original.createdAt) },
      { header: t('audit.actor'), accessorKey: 'actor' },
      { header: t('audit.ip'), cell: ({ row }) => row.original.ip ?? '-' },
      {
        header: t('settings.change'),
        cell: ({ row }) => (
          <ul>
            {Object.keys(row.original.after).map((key) => (
              <li key={key}>
                <span className="text-white/60">{t(`settings.fields.${key}`, { defaultValue: key })}:</span> {settingShown(row.original.before[key])} → <strong>{settingShown(row.original.after[key])}</strong>
              </li>
            ))}
          </ul>
        ),
      },
    ],
    [t, settingShown],
  );
  return (
    <div className="grid grid-cols-[minmax(0,1fr)_minmax(0,1.2fr)] gap-6">
      {settings.data ? (
        <SettingsForm settings={settings.data} canEdit={canEdit} />
      ) : (
        <p className="rounded-xl border border-white/10 bg-desk-900 p-4 text-white/50">…</p>
      )}
      <section className="rounded-xl border border-white/10 bg-desk-900 p-4">
        <div className="mb-3 flex items-center justify-between">
          <h2 className="font-bold">{t('settings.history')}</h2>
          <ExportButton
            fileName="settings-history.csv"
            columns={[
              { header: 'time', value: (row: Change) => row.createdAt },
              { header: 'operator', value: (row) => row.actor },
              { header: 'address', value: (row) => row.ip },
              { header: 'before', value: (row) => JSON.stringify(row.before) },
              { header: 'after', value: (row) => JSON.stringify(row.after) },
            ]}
            loadPage={async (next) => {
              const answer = await getSettingsHistory(next, 200);
              return { rows: answer.changes, total: answer.total };
            }}
          />
        </div>
        <DataTable columns={columns} rows={history.data?.changes ?? []} total={history.data?.total ?? 0} page={page} pageSize={HISTORY_PAGE_SIZE} onPage={setPage} testId="settings-history" />
      </section>
    </div>
  );
}

/**
 * The settings as a form, made once they are loaded so that every field starts with its value. A
 * reload (after a save) updates the fields the operator has not touched.
 */
function SettingsForm({ settings: { protectionDefaults, ...settings }, canEdit }: { settings: z.infer<typeof siteSettingsResponse>; canEdit: boolean }) {
  const { t } = useTranslation();
  const save = useSaveSettings();
  const form = useForm<SiteSettingsBody>({ resolver: zodResolver(siteSettingsBody), values: settings, resetOptions: { keepDirtyValues: true } });
  const onOff = (on: boolean) => t(on ? 'settings.on' : 'settings.off');
  const submit = form.handleSubmit((change) => save.mutate(change, { onSuccess: (answer) => toast.success(t(isPending(answer) ? 'approvals.waitingToast' : 'settings.saved')), onError: (error) => toast.error(errorText(error)) }));
  const errorOf = (error: { message?: string | undefined } | undefined) => (error ? t(`errors.${error.message ?? 'KEY_INVALID'}`) : undefined);
  const fieldError = (name: keyof SiteSettingsBody) => errorOf(form.formState.errors[name]);
  const kipError = (name: keyof NonNullable<SiteSettingsBody['lak']>) => errorOf(form.formState.errors.lak?.[name]);
  return (
    <form className="space-y-3 rounded-xl border border-white/10 bg-desk-900 p-4" onSubmit={(event) => void submit(event)} data-testid="settings-form">
      <h1 className="text-base font-bold">{t('settings.title')}</h1>
      <fieldset className={"grid grid-cols-2 gap-2"} disabled={!canEdit}>
        {FLAGS.map((name) => (
          <label key={name} className="flex items-center gap-2">
            <input type="checkbox" {...form.register(name)} />
            {t(`settings.fields.${name}`)}
          </label>
        ))}
      </fieldset>
      <fieldset className={"grid grid-cols-2 gap-3"} disabled={!canEdit}>
        {TEXTS.map((name) => (
          <TextField key={name} label={t(`settings.fields.${name}`)} error={fieldError(name)} {...form.register(name)} />
        ))}
        {NUMBERS.map((name) => {
          const currency = NUMBER_AMOUNTS[name];
          return currency ? (
            <AmountField key={name} label={t(`settings.fields.${name}`)} currency={currency} error={fieldError(name)} {...form.register(name, { setValueAs: amountValue(currency) })} />
          ) : (
            <TextField key={name} label={t(`settings.fields.${name}`)} inputMode="decimal" error={fieldError(name)} {...form.register(name, { valueAsNumber: true })} />
          );
        })}
      </fieldset>
      <fieldset className={"grid grid-cols-2 gap-3"} disabled={!canEdit} data-testid="settings-baht">
        <legend className="mb-1 text-xs font-semibold uppercase text-white/50">{t('common.currencies.THB')}</legend>
        {BAHT_AMOUNTS.map((name) => (
          <AmountField key={name} label={t(`settings.fields.${name}`)} currency="THB" error={fieldError(name)} {...form.register(name, { setValueAs: amountValue('THB') })} />
        ))}
        <TextField label={t('settings.fields.bankQrQuickPicks')} error={fieldError('bankQrQuickPicks')} {...form.register('bankQrQuickPicks', { setValueAs: pickList })} />
      </fieldset>
      <fieldset className={"grid grid-cols-2 gap-3"} disabled={!canEdit} data-testid="settings-kip">
        <legend className="mb-1 text-xs font-semibold uppercase text-white/50">{t('common.currencies.LAK')}</legend>
        {KIP_AMOUNTS.map((name) => (
          <AmountField key={name} label={t(`settings.fields.lak.${name}`)} currency="LAK" error={kipError(name)} {...form.register(`lak.${name}`, { setValueAs: amountValue('LAK') })} />
        ))}
        <TextField label={t('settings.fields.lak.bankQrQuickPicks')} error={kipError('bankQrQuickPicks')} {...form.register('lak.bankQrQuickPicks', { setValueAs: pickList })} />
      </fieldset>
      <fieldset className={"grid grid-cols-2 gap-3"} disabled={!canEdit} data-testid="settings-protection">
        <legend className="mb-1 text-xs font-semibold uppercase text-white/50">{t('settings.protection')}</legend>
        <p className="col-span-2 text-xs text-white/60">{t('settings.protectionNote')}</p>
        {PROTECTION_NUMBERS.map(([name, profile]) => (
          <TextField
            key={name}
            label={t(`settings.fields.${name}`)}
            inputMode="numeric"
            placeholder={t('settings.siteDefault', { value: protectionDefaults[profile] })}
            error={fieldError(name)}
            {...form.register(name, { setValueAs: optionalNumber })}
          />
        ))}
        {PROTECTION_FLAGS.map(([name, profile]) => (
          <SelectField key={name} label={t(`settings.fields.${name}`)} {...form.register(name, { setValueAs: optionalFlag })}>
            <option value="">{t('settings.siteDefaultChoice', { value: onOff(protectionDefaults[profile]) })}</option>
            <option value="true">{onOff(true)}</option>
            <option value="false">{onOff(false)}</option>
          </SelectField>
        ))}
      </fieldset>
      {canEdit && <Button type="submit" busy={save.isPending} data-testid="settings-save">{t('common.save')}</Button>}
    </form>
  );
}
