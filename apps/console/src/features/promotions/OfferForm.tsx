import { zodResolver } from '@hookform/resolvers/zod';
import { type AdminOffer, CLEAR_MODES, LANGUAGES, bonusBody, promotionBody } from '@wallet/contract';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { z } from 'zod';
import { isPending } from '../../shared/api/pending';
import { errorText } from '../../shared/i18n';
import { Button } from '../../shared/ui/Button';
import { AmountField, CurrencyField, SelectField, TextField, amountValue } from '../../shared/ui/Field';
import { useSaveOffer } from './api/offers';

type Values = z.input<typeof bonusBody> & { globalCap?: number | null };
const numberOrNull = (value: unknown) => (value === '' || value === null || value === undefined || Number.isNaN(Number(value)) ? null : Number(value));
/** An instant as the browser's datetime-local input shows it (the operator's own clock). */
const toLocalInput = (iso: string | null) => (iso ? new Date(new Date(iso).getTime() - new Date(iso).getTimezoneOffset() * 60_000).toISOString().slice(0, 16) : '');

function defaults(kind: 'bonus' | 'promotion', offer: AdminOffer | null): Values {
  return {
    code: offer?.code ?? '',
    currency: offer?.currency ?? 'THB',
    type: offer?.type ?? 'limit',
    maxReceived: offer?.maxReceived ?? 1,
    sortOrder: offer?.sortOrder ?? 0,
    ...(kind === 'promotion' ? { globalCap: offer?.globalCap ?? null } : {}),
    name: offer?.name ?? { th: '', lo: '', en: '' },
    description: offer?.description ?? { th: '', lo: '', en: '' },
    rewardMode: offer?.rewardMode ?? 'share',
    // A fixed offer has no percent: a default here would be sent as a second figure and refused.
    rewardPercent: offer ? offer.rewardPercent : 50,
    rewardAmount: offer?.rewardAmount ?? null,
    rewardCap: offer?.rewardCap ?? null,
    minimumDeposit: offer?.minimumDeposit ?? 100,
    hasCondition: offer?.hasCondition ?? true,
    firstDepositOnly: offer?.firstDepositOnly ?? false,
    successPercent: offer?.successPercent ?? 300,
    failPercent: offer?.failPercent ?? 10,
    clearMode: offer?.clearMode ?? 'remaining',
    startsAt: offer?.startsAt ?? null,
    endsAt: offer?.endsAt ?? null,
  };
}

/**
 * A bonus or promotion code, created or edited with the contract's schema as the validator (the
 * server checks again). The form's raw values are what is sent: the schema's parsed amounts are
 * satang, and the wire carries baht.
 */
export function OfferForm({ kind, offer, onDone }: { kind: 'bonus' | 'promotion'; offer: AdminOffer | null; onDone: () => void }) {
  const { t } = useTranslation();
  const save = useSaveOffer(kind);
  const schema = kind === 'bonus' ? bonusBody : promotionBody.safeExtend({ type: bonusBody.shape.type.optional(), maxReceived: bonusBody.shape.maxReceived.optional(), sortOrder: bonusBody.shape.sortOrder.optional() });
  const form = useForm<Values>({ resolver: zodResolver(schema) as never, defaultValues: defaults(kind, offer) });
  const mode = form.watch('rewardMode');
  // The offer's amounts are in its currency (kip whole).
  const currency = form.watch('currency') ?? 'THB';
  const error = (name: string) => {
    const found = name.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], form.formState.errors) as { message?: string } | undefined;
    return found ? t(`errors.${found.message ?? 'KEY_INVALID'}`, { defaultValue: t('errors.KEY_INVALID') }) : undefined;
  };
  const submit = form.handleSubmit(() => {
    const { code, ...values } = form.getValues();
    // The currency is the offer's for good: its amounts are in it.
    const { currency, ...changes } = values;
    const body = offer ? changes : { code, currency, ...changes };
    if (kind === 'promotion') {
      delete (body as Partial<Values>).type;
      delete (body as Partial<Values>).maxReceived;
      delete (body as Partial<Values>).sortOrder;
    } else delete (body as Partial<Values>).globalCap;
    save.mutate({ code: offer?.code ?? null, body }, { onSuccess: (answer) => (toast.success(t(isPending(answer) ? 'approvals.waitingToast' : 'promotions.saved')), onDone()), onError: (failure) => toast.error(errorText(failure)) });
  });
  const nullableNumber = { setValueAs: numberOrNull };
  return (
    <form className="space-y-3" onSubmit={(event) => void submit(event)} data-testid="offer-form">
      <div className="grid grid-cols-4 gap-3">
        <TextField label={t('promotions.code')} disabled={!!offer} error={error('code')} {...form.register('code')} data-testid="offer-code" />
        <CurrencyField disabled={!!offer} {...form.register('currency')} data-testid="offer-currency" />
        {kind === 'bonus' ? (
          <>
            <SelectField label={t('promotions.type')} {...form.register('type')}>
              {(['limit', 'day', 'week'] as const).map((type) => <option key={type} value={type}>{t(`promotions.types.${type}`)}</option>)}
            </SelectField>
            <TextField label={t('promotions.maxReceived')} inputMode="numeric" error={error('maxReceived')} {...form.register('maxReceived', { valueAsNumber: true })} />
          </>
        ) : (
          <TextField label={t('promotions.globalCap')} inputMode="numeric" error={error('globalCap')} {...form.register('globalCap', nullableNumber)} />
        )}
      </div>
      <div className="grid grid-cols-3 gap-3">
        {LANGUAGES.map((language) => (
          <TextField key={language} label={`${t('promotions.name')} (${language})`} error={error(`name.${language}`)} {...form.register(`name.${language}`)} data-testid={`offer-name-${language}`} />
        ))}
      </div>
      <div className="grid grid-cols-3 gap-3">
        {LANGUAGES.map((language) => (
          <label key={language} className="block space-y-1">
            <span className="text-xs font-semibold text-white/70">{`${t('promotions.description')} (${language})`}</span>
            <textarea rows={3} className="w-full rounded-lg border border-white/15 bg-desk-900 p-2 text-sm" {...form.register(`description.${language}`)} />
          </label>
        ))}
      </div>
      <div className="grid grid-cols-4 gap-3">
        <SelectField
          label={t('promotions.rewardMode')}
          // The hidden mode's figure is cleared: an offer naming both is refused (OFFER_REWARD_SHAPE).
          {...form.register('rewardMode', { onChange: (event: { target: { value: string } }) => form.setValue(event.target.value === 'fixed' ? 'rewardPercent' : 'rewardAmount', null) })}
          data-testid="offer-mode"
        >
          <option value="share">{t('promotions.share')}</option>
          <option value="fixed">{t('promotions.fixed')}</option>
        </SelectField>
        {mode === 'share' ? (
          <>
            <TextField label={t('promotions.rewardPercent')} inputMode="decimal" error={error('rewardPercent')} {...form.register('rewardPercent', nullableNumber)} data-testid="offer-percent" />
            <AmountField label={t('promotions.rewardCap')} currency={currency} error={error('rewardCap')} {...form.register('rewardCap', { setValueAs: amountValue(currency, { optional: true }) })} />
          </>
        ) : (
          <AmountField label={t('promotions.rewardAmount')} currency={currency} error={error('rewardAmount')} {...form.register('rewardAmount', { setValueAs: amountValue(currency, { optional: true }) })} data-testid="offer-amount" />
        )}
        <AmountField label={t('promotions.minimumDeposit')} currency={currency} error={error('minimumDeposit')} {...form.register('minimumDeposit', { setValueAs: amountValue(currency) })} />
      </div>
      <div className="grid grid-cols-5 items-end gap-3">
        <label className="flex h-9 items-center gap-2 text-sm">
          <input type="checkbox" {...form.register('hasCondition')} /> {t('promotions.hasCondition')}
        </label>
        <label className="flex h-9 items-center gap-2 text-sm">
          <input type="checkbox" {...form.register('firstDepositOnly')} data-testid="offer-first-deposit" /> {t('promotions.firstDepositOnly')}
        </label>
        <TextField label={t('promotions.successPercent')} inputMode="numeric" error={error('successPercent')} {...form.register('successPercent', { valueAsNumber: true })} data-testid="offer-success" />
        <TextField label={t('promotions.failPercent')} inputMode="numeric" error={error('failPercent')} {...form.register('failPercent', { valueAsNumber: true })} data-testid="offer-fail" />
        <SelectField label={t('promotions.clearMode')} {...form.register('clearMode')}>
          {CLEAR_MODES.map((value) => <option key={value} value={value}>{t(`promotions.clearModes.${value}`)}</option>)}
        </SelectField>
      </div>
      <div className="grid grid-cols-2 gap-3">
        {(['startsAt', 'endsAt'] as const).map((name) => (
          <TextField
            key={name}
            label={t(`promotions.${name}`)}
            type="datetime-local"
            defaultValue={toLocalInput(offer?.[name] ?? null)}
            error={error(name)}
            onChange={(event) => form.setValue(name, event.target.value ? new Date(event.target.value).toISOString() : null, { shouldValidate: true })}
          />
        ))}
      </div>
      <div className="flex justify-end gap-2">
        <Button type="button" variant="secondary" onClick={onDone}>{t('common.cancel')}</Button>
        <Button type="submit" busy={save.isPending} data-testid="offer-save">{t('common.save')}</Button>
      </div>
    </form>
  );
}
