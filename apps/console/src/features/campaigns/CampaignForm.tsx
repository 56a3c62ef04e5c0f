import { zodResolver } from '@hookform/resolvers/zod';
import { CAMPAIGN_BODY_MAX, CAMPAIGN_LANGUAGES, CAMPAIGN_PATHS, CAMPAIGN_TITLE_MAX, type CampaignSegment, type OfferCampaignBody, campaignSegment, languagesNeeded, offerCampaignBody } from '@wallet/contract';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { z } from 'zod';
import { errorText } from '../../shared/i18n';
import { Button } from '../../shared/ui/Button';
import { SelectField, TextField } from '../../shared/ui/Field';
import { formatCount } from '../../shared/ui/format';
import { useSegmentCounts } from './api/count-segment';
import { useSendCampaign } from './api/send-campaign';

type Values = z.input<typeof offerCampaignBody>;
const daysOrNull = (value: unknown) => (value === '' || value === null || value === undefined || Number.isNaN(Number(value)) ? null : Number(value));
const blankOrNull = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);
const DEPOSIT_KINDS = ['any', 'within', 'not_within', 'never'] as const;

/**
 * A new offer campaign, in the order an operator works: the segment, its counts (members matched,
 * and those an offer can reach), the texts in each language the segment reads with a preview of
 * the notice, then one send. The campaign's id is chosen here, once per content: the server writes
 * and sends a campaign once per id, so a double click or a retry sends once.
 */
export function CampaignForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const form = useForm<Values, unknown, OfferCampaignBody>({
    resolver: zodResolver(offerCampaignBody) as never,
    // A language's texts, or the days of a deposit filter, leave the campaign with their fields.
    shouldUnregister: true,
    defaultValues: {
      name: '',
      segment: { languages: [], currency: null, sourceCode: null, registeredWithinDays: null, activeWithinDays: null, deposits: { kind: 'any' } },
      texts: {},
      path: '/user/home',
    },
  });
  const [counted, setCounted] = useState<CampaignSegment | null>(null);
  const counts = useSegmentCounts(counted);
  const send = useSendCampaign();
  const attempt = useRef<{ id: string; content: string } | null>(null);
  // Set in the click's own turn: a second click lands before React shows the button busy.
  const inFlight = useRef(false);

  const values = form.watch();
  const segment = campaignSegment.safeParse(values.segment);
  const current = segment.success ? segment.data : null;
  const countsCurrent = current !== null && counted !== null && JSON.stringify(current) === JSON.stringify(counted) && counts.data !== undefined;
  const needed = languagesNeeded({ languages: current?.languages ?? [] });
  const depositKind = values.segment?.deposits?.kind ?? 'any';

  const error = (name: string) => {
    const found = name.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], form.formState.errors) as { message?: string } | undefined;
    return found ? t(`errors.${found.message ?? 'KEY_INVALID'}`, { defaultValue: t('errors.KEY_INVALID') }) : undefined;
  };

  const submit = form.handleSubmit((parsed) => {
    if (inFlight.current) return;
    inFlight.current = true;
    // Only the languages the segment reads are sent: a text typed for another is left out.
    const campaign = { ...parsed, texts: Object.fromEntries(needed.map((language) => [language, parsed.texts[language]])) };
    const content = JSON.stringify(campaign);
    // The same content again (a double click, a retry) keeps its id; changed content is a new campaign.
    if (attempt.current?.content !== content) attempt.current = { id: crypto.randomUUID(), content };
    send.mutate(
      { id: attempt.current.id, campaign },
      {
        onSuccess: (sent) => {
          toast.success(t('campaigns.sent', { count: sent.matched ?? 0, total: formatCount(sent.matched ?? 0) }));
          onDone();
        },
        onError: (failure) => toast.error(errorText(failure)),
        onSettled: () => {
          inFlight.current = false;
        },
      },
    );
  });

  return (
    <form className="space-y-5 rounded-xl border border-white/10 bg-desk-850 p-4" onSubmit={(event) => void submit(event)} data-testid="campaign-form" noValidate>
      <section className="space-y-3" aria-labelledby="campaign-segment">
        <h2 id="campaign-segment" className="text-sm font-semibold">{t('campaigns.segment')}</h2>
        <fieldset className="flex flex-wrap items-center gap-4 text-sm">
          <legend className="mb-1 text-xs font-semibold text-white/70">{t('campaigns.languages')}</legend>
          {CAMPAIGN_LANGUAGES.map((language) => (
            <label key={language} className="flex items-center gap-1">
              <input type="checkbox" value={language} {...form.register('segment.languages')} data-testid={`segment-language-${language}`} />
              {t(`campaigns.language.${language}`)}
            </label>
          ))}
          <span className="text-xs text-white/50">{t('campaigns.languagesHint')}</span>
        </fieldset>
        <div className="grid grid-cols-3 gap-3 lg:grid-cols-6">
          <SelectField label={t('common.currency')} {...form.register('segment.currency', { setValueAs: blankOrNull })} data-testid="segment-currency">
            <option value="">{t('campaigns.anyCurrency')}</option>
            <option value="THB">{t('common.currencies.THB')}</option>
            <option value="LAK">{t('common.currencies.LAK')}</option>
          </SelectField>
          <TextField label={t('campaigns.source')} {...form.register('segment.sourceCode', { setValueAs: blankOrNull })} error={error('segment.sourceCode')} data-testid="segment-source" />
          <TextField label={t('campaigns.registeredWithin')} type="number" min={1} {...form.register('segment.registeredWithinDays', { setValueAs: daysOrNull })} error={error('segment.registeredWithinDays')} data-testid="segment-registered" />
          <TextField label={t('campaigns.activeWithin')} type="number" min={1} {...form.register('segment.activeWithinDays', { setValueAs: daysOrNull })} error={error('segment.activeWithinDays')} data-testid="segment-active" />
          <SelectField label={t('campaigns.deposits')} {...form.register('segment.deposits.kind')} data-testid="segment-deposits">
            {DEPOSIT_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {t(`campaigns.depositKinds.${kind}`)}
              </option>
            ))}
          </SelectField>
          {(depositKind === 'within' || depositKind === 'not_within') && (
            <TextField label={t('campaigns.depositDays')} type="number" min={1} {...form.register('segment.deposits.days', { setValueAs: daysOrNull })} error={error('segment.deposits.days')} data-testid="segment-deposit-days" />
          )}
        </div>
        <div className="flex items-center gap-3">
          <Button type="button" variant="secondary" disabled={current === null} busy={counts.isFetching} onClick={() => setCounted(current)} data-testid="segment-count">
            {t('campaigns.count')}
          </Button>
          {countsCurrent && (
            <p className="text-sm" data-testid="segment-counts">
              {t('campaigns.counts', { matched: formatCount(counts.data.matched), reachable: formatCount(counts.data.reachable) })}
            </p>
          )}
          {counted !== null && !countsCurrent && !counts.isFetching && <p className="text-sm text-amber-300">{t('campaigns.countAgain')}</p>}
        </div>
      </section>

      <section className="space-y-3" aria-labelledby="campaign-texts">
        <h2 id="campaign-texts" className="text-sm font-semibold">{t('campaigns.texts')}</h2>
        <div className="grid grid-cols-2 gap-3">
          <TextField label={t('campaigns.name')} {...form.register('name')} error={error('name')} data-testid="campaign-name" />
          <SelectField label={t('campaigns.path')} {...form.register('path')} data-testid="campaign-path">
            {CAMPAIGN_PATHS.map((path) => (
              <option key={path} value={path}>
                {t(`campaigns.paths.${path.slice('/user/'.length)}`)} ({path})
              </option>
            ))}
          </SelectField>
        </div>
        {needed.map((language) => {
          const text = values.texts?.[language];
          return (
            <div key={language} className="grid grid-cols-[1fr_18rem] gap-4" data-testid={`campaign-text-${language}`}>
              <div className="space-y-2">
                <TextField label={`${t('campaigns.title')} (${language})`} maxLength={CAMPAIGN_TITLE_MAX} {...form.register(`texts.${language}.title`)} error={error(`texts.${language}.title`) ?? error(`texts.${language}`)} data-testid={`campaign-title-${language}`} />
                <label className="block space-y-1">
                  <span className="text-xs font-semibold text-white/70">{`${t('campaigns.body')} (${language})`}</span>
                  <textarea className="h-20 w-full rounded-lg border border-white/15 bg-desk-900 p-2 text-sm" maxLength={CAMPAIGN_BODY_MAX} {...form.register(`texts.${language}.body`)} data-testid={`campaign-body-${language}`} />
                  {error(`texts.${language}.body`) && <span className="text-xs text-rose-300">{error(`texts.${language}.body`)}</span>}
                  <span className="block text-xs text-white/50">{t('campaigns.length', { used: text?.body?.length ?? 0, max: CAMPAIGN_BODY_MAX })}</span>
                </label>
              </div>
              {/* What the member's phone shows: the notice as LINE or the app's notification carries it. */}
              <figure className="self-start rounded-xl bg-white p-3 text-slate-900 shadow" lang={language} data-testid={`campaign-preview-${language}`}>
                <figcaption className="mb-1 text-[10px] uppercase tracking-wide text-slate-500">{t('campaigns.preview', { language: t(`campaigns.language.${language}`) })}</figcaption>
                <p className="text-sm font-semibold">{text?.title || '…'}</p>
                <p className="whitespace-pre-line text-sm">{text?.body || '…'}</p>
              </figure>
            </div>
          );
        })}
      </section>

      <div className="flex items-center gap-3">
        <Button type="submit" disabled={!countsCurrent || send.isPending} busy={send.isPending} data-testid="campaign-send">
          {countsCurrent ? t('campaigns.sendTo', { total: formatCount(counts.data.matched) }) : t('campaigns.countFirst')}
        </Button>
        <Button type="button" variant="secondary" onClick={onDone}>
          {t('campaigns.cancel')}
        </Button>
        <p className="text-xs text-white/50">{t('campaigns.sendHint')}</p>
      </div>
    </form>
  );
}
