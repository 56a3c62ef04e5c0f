import { zodResolver } from '@hookform/resolvers/zod';
import { LANGUAGES, PRIZE_KINDS, spinCampaignBody } from '@wallet/contract';
import { useFieldArray, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { z } from 'zod';
import { errorText } from '../../shared/i18n';
import { Button } from '../../shared/ui/Button';
import { AmountField, CurrencyField, SelectField, TextField, amountValue } from '../../shared/ui/Field';
import { useCreateCampaign } from './api/campaigns';

type Values = z.input<typeof spinCampaignBody>;
type Slice = Values['slices'][number];
const PALETTE = ['#f59e0b', '#2563eb', '#e5e7eb', '#16a34a', '#db2777', '#7c3aed', '#0891b2', '#dc2626'];
const numberOrNull = (value: unknown) => (value === '' || value === null || value === undefined || Number.isNaN(Number(value)) ? null : Number(value));
const fromLocalInput = (value: unknown) => (typeof value === 'string' && value ? new Date(value).toISOString() : null);

const newSlice = (position: number): Slice => ({
  code: `S${position + 1}`,
  label: { th: '', lo: '', en: '' },
  description: { th: '', lo: '', en: '' },
  bgColor: PALETTE[position % PALETTE.length]!,
  textColor: position % PALETTE.length === 2 ? '#111827' : '#ffffff',
  weight: 10,
  prizeKind: 'cash',
  prizeAmount: 10,
  successPercent: null,
  failPercent: null,
  couponDays: 7,
});

/**
 * A new campaign: its name in each language, its window, and its slices with colours, labels, odds
 * (weights) and prizes. Slices are fixed once created (a changed wheel is a new campaign), so every
 * spin names the wheel it was drawn from.
 */
export function CampaignForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const create = useCreateCampaign();
  const form = useForm<Values>({
    resolver: zodResolver(spinCampaignBody) as never,
    defaultValues: { name: { th: '', lo: '', en: '' }, currency: 'THB', startsAt: null, endsAt: null, slices: [newSlice(0), { ...newSlice(1), prizeKind: 'none', prizeAmount: 0 }] },
  });
  const slices = useFieldArray({ control: form.control, name: 'slices' });
  const watched = form.watch('slices');
  // Money prizes are in the campaign's currency (kip whole); a coin prize's count is typed the same way.
  const currency = form.watch('currency') ?? 'THB';
  const totalWeight = watched.reduce((sum, slice) => sum + (Number(slice.weight) || 0), 0);
  const error = (name: string) => {
    const found = name.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], form.formState.errors) as { message?: string; root?: { message?: string } } | undefined;
    const message = found?.message ?? found?.root?.message;
    return found ? t(`errors.${message ?? 'KEY_INVALID'}`, { defaultValue: t('errors.KEY_INVALID') }) : undefined;
  };
  const submit = form.handleSubmit(() =>
    create.mutate(form.getValues(), {
      onSuccess: () => {
        toast.success(t('spinwheels.created'));
        onDone();
      },
      onError: (failure) => toast.error(errorText(failure)),
    }),
  );

  return (
    <form className="space-y-4 rounded-xl border border-white/10 bg-desk-850 p-4" onSubmit={(event) => void submit(event)} data-testid="campaign-form">
      <div className="grid grid-cols-6 gap-3">
        {LANGUAGES.map((language) => (
          <TextField key={language} label={`${t('spinwheels.name')} (${language})`} error={error(`name.${language}`)} {...form.register(`name.${language}`)} data-testid={`campaign-name-${language}`} />
        ))}
        <CurrencyField {...form.register('currency')} data-testid="campaign-currency" />
        <TextField label={t('spinwheels.startsAt')} type="datetime-local" {...form.register('startsAt', { setValueAs: fromLocalInput })} />
        <TextField label={t('spinwheels.endsAt')} type="datetime-local" error={error('endsAt')} {...form.register('endsAt', { setValueAs: fromLocalInput })} />
      </div>

      <table className="w-full text-sm" data-testid="campaign-slices">
        <thead>
          <tr className="text-left text-xs text-white/60">
            <th className="px-1 font-semibold">{t('spinwheels.code')}</th>
            {LANGUAGES.map((language) => (
              <th key={language} className="px-1 font-semibold">{`${t('spinwheels.label')} (${language})`}</th>
            ))}
            <th className="px-1 font-semibold">{t('spinwheels.colors')}</th>
            <th className="px-1 font-semibold">{t('spinwheels.weight')}</th>
            <th className="px-1 font-semibold">{t('spinwheels.prize')}</th>
            <th className="px-1 font-semibold">{t('spinwheels.amount')}</th>
            <th className="px-1 font-semibold">{t('spinwheels.condition')}</th>
            <th className="px-1 font-semibold">{t('spinwheels.couponDays')}</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {slices.fields.map((field, index) => {
            const kind = watched[index]?.prizeKind;
            const chance = totalWeight > 0 ? ((Number(watched[index]?.weight) || 0) / totalWeight) * 100 : 0;
            return (
              <tr key={field.id} className="border-t border-white/10 align-top" data-testid={`campaign-slice-${index}`}>
                <td className="w-24 p-1">
                  <TextField label="" aria-label={t('spinwheels.code')} error={error(`slices.${index}.code`)} {...form.register(`slices.${index}.code`)} />
                </td>
                {LANGUAGES.map((language) => (
                  <td key={language} className="p-1">
                    <TextField label="" aria-label={`${t('spinwheels.label')} (${language})`} error={error(`slices.${index}.label.${language}`)} {...form.register(`slices.${index}.label.${language}`)} data-testid={`slice-${index}-label-${language}`} />
                  </td>
                ))}
                <td className="p-1">
                  <div className="mt-5 flex gap-1">
                    <input type="color" aria-label={t('spinwheels.bgColor')} className="h-9 w-9 rounded" {...form.register(`slices.${index}.bgColor`)} />
                    <input type="color" aria-label={t('spinwheels.textColor')} className="h-9 w-9 rounded" {...form.register(`slices.${index}.textColor`)} />
                  </div>
                </td>
                <td className="w-24 p-1">
                  <TextField label="" aria-label={t('spinwheels.weight')} inputMode="numeric" error={error(`slices.${index}.weight`)} {...form.register(`slices.${index}.weight`, { valueAsNumber: true })} data-testid={`slice-${index}-weight`} />
                  <span className="text-xs text-white/50">{chance.toFixed(1)}%</span>
                </td>
                <td className="w-28 p-1">
                  <SelectField label="" aria-label={t('spinwheels.prize')} {...form.register(`slices.${index}.prizeKind`)} data-testid={`slice-${index}-kind`}>
                    {PRIZE_KINDS.map((value) => (
                      <option key={value} value={value}>{t(`spinwheels.kinds.${value}`)}</option>
                    ))}
                  </SelectField>
                </td>
                <td className="w-24 p-1">
                  <AmountField label="" aria-label={t('spinwheels.amount')} currency={currency} error={error(`slices.${index}.prizeAmount`)} {...form.register(`slices.${index}.prizeAmount`, { setValueAs: amountValue(currency) })} data-testid={`slice-${index}-amount`} />
                </td>
                <td className="w-36 p-1">
                  {kind === 'bonus' ? (
                    <div className="flex gap-1">
                      <TextField label="" aria-label={t('spinwheels.successPercent')} placeholder="300" inputMode="numeric" error={error(`slices.${index}.successPercent`)} {...form.register(`slices.${index}.successPercent`, { setValueAs: numberOrNull })} />
                      <TextField label="" aria-label={t('spinwheels.failPercent')} placeholder="10" inputMode="numeric" {...form.register(`slices.${index}.failPercent`, { setValueAs: numberOrNull })} />
                    </div>
                  ) : (
                    <span className="mt-7 block text-xs text-white/40">—</span>
                  )}
                </td>
                <td className="w-20 p-1">
                  <TextField label="" aria-label={t('spinwheels.couponDays')} inputMode="numeric" {...form.register(`slices.${index}.couponDays`, { valueAsNumber: true })} />
                </td>
                <td className="p-1">
                  <Button type="button" variant="secondary" className="mt-5" disabled={slices.fields.length <= 2} onClick={() => slices.remove(index)}>
                    {t('spinwheels.removeSlice')}
                  </Button>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {error('slices') && <p className="text-sm text-rose-300">{error('slices')}</p>}
      <div className="flex gap-2">
        <Button type="button" variant="secondary" disabled={slices.fields.length >= 16} onClick={() => slices.append(newSlice(slices.fields.length))} data-testid="campaign-add-slice">
          {t('spinwheels.addSlice')}
        </Button>
        <Button type="submit" busy={create.isPending} data-testid="campaign-save">
          {t('spinwheels.create')}
        </Button>
        <Button type="button" variant="secondary" onClick={onDone}>
          {t('common.cancel')}
        </Button>
      </div>
    </form>
  );
}
