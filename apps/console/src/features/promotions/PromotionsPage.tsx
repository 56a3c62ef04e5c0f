import type { ColumnDef } from '@tanstack/react-table';
import { type AdminBanner, type AdminOffer, BANNER_PLACEMENTS, LANGUAGES, type LocalizedText, type Programme, type ProgrammeBody } from '@wallet/contract';
import { type FormEvent, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { hasRole, useMe } from '../../shared/api/me';
import { isPending } from '../../shared/api/pending';
import { errorText } from '../../shared/i18n';
import { Button } from '../../shared/ui/Button';
import { DataTable } from '../../shared/ui/DataTable';
import { Dialog } from '../../shared/ui/Dialog';
import { toastDecisionFailure } from '../../shared/ui/decision-toast';
import { SelectField, TextField } from '../../shared/ui/Field';
import { formatMoney, formatTime } from '../../shared/ui/format';
import { useBanners, useDeleteBanner, useEditBanner, useUploadBanner } from './api/banners';
import { useDecideInvite, useInviteReviews } from './api/invite-reviews';
import { useOffers, useSaveOffer } from './api/offers';
import { useProgramme, useSaveProgramme } from './api/programmes';
import { useAgreementTexts, useNoticeText, useSaveAgreements, useSaveNotice } from './api/texts';
import { OfferForm } from './OfferForm';

const TABS = ['bonus', 'promotion', 'programmes', 'banners', 'texts', 'reviews'] as const;
type Tab = (typeof TABS)[number];
const textarea = 'w-full rounded-lg border border-white/15 bg-desk-900 p-2 text-sm';

/** Every offer the operator runs, each change audited by the server. */
export function PromotionsPage() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<Tab>('bonus');
  const roles = useMe().data?.roles;
  // Invite reviews decide money: admin and finance only (the server says so too).
  const tabs = TABS.filter((value) => value !== 'reviews' || hasRole(roles, 'admin', 'finance'));
  return (
    <div className="space-y-4">
      <h1 className="text-lg font-bold">{t('promotions.title')}</h1>
      <div className="flex gap-2" role="tablist">
        {tabs.map((value) => (
          <Button key={value} role="tab" aria-selected={tab === value} variant={tab === value ? 'primary' : 'secondary'} onClick={() => setTab(value)} data-testid={`promotions-tab-${value}`}>
            {t(`promotions.tabs.${value}`)}
          </Button>
        ))}
      </div>
      {(tab === 'bonus' || tab === 'promotion') && <Offers key={tab} kind={tab} />}
      {tab === 'programmes' && (
        <div className="grid grid-cols-2 gap-4">
          <ProgrammeForm programme="invite" />
          <ProgrammeForm programme="refund" />
        </div>
      )}
      {tab === 'banners' && <Banners />}
      {tab === 'texts' && <Texts />}
      {tab === 'reviews' && <InviteReviews />}
    </div>
  );
}

function Offers({ kind }: { kind: 'bonus' | 'promotion' }) {
  const { t, i18n } = useTranslation();
  const offers = useOffers(kind);
  const save = useSaveOffer(kind);
  const [editing, setEditing] = useState<AdminOffer | 'new' | null>(null);
  const columns = useMemo<ColumnDef<AdminOffer, unknown>[]>(() => {
    const setStatus = (offer: AdminOffer, status: AdminOffer['status']) =>
      save.mutate({ code: offer.code, body: { status } }, { onSuccess: (answer) => toast.success(t(isPending(answer) ? 'approvals.waitingToast' : 'promotions.saved')), onError: (error) => toast.error(errorText(error)) });
    return [
      { header: t('promotions.code'), cell: ({ row }) => <span className="font-mono">{row.original.code}</span> },
      { header: t('promotions.name'), cell: ({ row }) => row.original.name[i18n.language as 'th'] || row.original.name.th },
      { header: t('common.currency'), cell: ({ row }) => <span className="font-mono">{row.original.currency}</span> },
      { header: t('promotions.status'), cell: ({ row }) => t(`promotions.statuses.${row.original.status}`) },
      ...(kind === 'bonus' ? [{ header: t('promotions.type'), cell: ({ row }: { row: { original: AdminOffer } }) => `${t(`promotions.types.${row.original.type ?? 'limit'}`)} × ${row.original.maxReceived}` }] : []),
      {
        header: t('promotions.reward'),
        cell: ({ row }) =>
          row.original.rewardMode === 'share'
            ? `${row.original.rewardPercent}%${row.original.rewardCap ? ` ≤ ${formatMoney(row.original.rewardCap, 'en')}` : ''}`
            : formatMoney(row.original.rewardAmount ?? 0, 'en'),
      },
      { header: t('promotions.conditionShort'), cell: ({ row }) => (row.original.hasCondition ? `${row.original.successPercent}% / ${row.original.failPercent}%` : '-') },
      { header: t('promotions.claimed'), cell: ({ row }) => `${row.original.claimed}${row.original.globalCap ? ` / ${row.original.globalCap}` : ''}` },
      { header: t('promotions.paid'), cell: ({ row }) => <span className="font-mono">{formatMoney(row.original.paid, 'en', row.original.currency)}</span> },
      {
        id: 'actions',
        header: '',
        cell: ({ row }) => (
          <div className="flex gap-2">
            <Button variant="secondary" onClick={() => setEditing(row.original)} data-testid={`offer-edit-${row.original.code}`}>{t('promotions.edit')}</Button>
            {row.original.status === 'active' && <Button variant="secondary" onClick={() => setStatus(row.original, 'paused')} data-testid={`offer-pause-${row.original.code}`}>{t('promotions.pause')}</Button>}
            {row.original.status === 'paused' && <Button variant="secondary" onClick={() => setStatus(row.original, 'active')}>{t('promotions.activate')}</Button>}
            {row.original.status !== 'retired' && <Button variant="secondary" onClick={() => setStatus(row.original, 'retired')}>{t('promotions.retire')}</Button>}
          </div>
        ),
      },
    ];
  }, [t, i18n.language, kind, save]);
  return (
    <section className="space-y-3">
      <Button onClick={() => setEditing('new')} data-testid="offer-new">{t(kind === 'bonus' ? 'promotions.newBonus' : 'promotions.newPromotion')}</Button>
      <DataTable columns={columns} rows={offers.data?.offers ?? []} total={offers.data?.offers.length ?? 0} page={1} pageSize={1000} onPage={() => undefined} testId="offers" rowTestId={(row) => `offer-${row.code}`} />
      <Dialog open={editing !== null} onOpenChange={(open) => !open && setEditing(null)} title={t(kind === 'bonus' ? 'promotions.newBonus' : 'promotions.newPromotion')} testId="offer-dialog">
        {editing !== null && <OfferForm kind={kind} offer={editing === 'new' ? null : editing} onDone={() => setEditing(null)} />}
      </Dialog>
    </section>
  );
}

function LocalizedFields({ value, onChange, label, stacked = false }: { value: LocalizedText; onChange: (next: LocalizedText) => void; label: string; stacked?: boolean }) {
  return (
    <div className={`grid gap-2 ${stacked ? 'grid-cols-1' : 'grid-cols-3'}`}>
      {LANGUAGES.map((language) => (
        <label key={language} className="block space-y-1">
          <span className="text-xs font-semibold text-white/70">{`${label} (${language})`}</span>
          <textarea rows={3} className={textarea} value={value[language]} onChange={(event) => onChange({ ...value, [language]: event.target.value })} />
        </label>
      ))}
    </div>
  );
}

function ProgrammeForm({ programme }: { programme: Programme }) {
  const { t } = useTranslation();
  const current = useProgramme(programme);
  const save = useSaveProgramme(programme);
  const [draft, setDraft] = useState<ProgrammeBody | null>(null);
  useEffect(() => {
    if (current.data) {
      const { programme: _name, updatedAt: _at, ...body } = current.data;
      setDraft(body);
    }
  }, [current.data]);
  if (!draft) return <p className="text-white/50">…</p>;
  const number = (name: 'ratePercent' | 'successPercent' | 'failPercent') => (
    <TextField label={t(`promotions.${name}`)} inputMode="decimal" value={String(draft[name])} onChange={(event) => setDraft({ ...draft, [name]: Number(event.target.value) })} />
  );
  function submit(event: FormEvent) {
    event.preventDefault();
    if (draft) save.mutate(draft, { onSuccess: (answer) => toast.success(t(isPending(answer) ? 'approvals.waitingToast' : 'promotions.saved')), onError: (error) => toast.error(errorText(error)) });
  }
  return (
    <form className="space-y-3 rounded-xl border border-white/10 bg-desk-900 p-4" onSubmit={submit} data-testid={`programme-${programme}`}>
      <h2 className="font-bold">{t(`promotions.programmes.${programme}`)}</h2>
      <div className="flex gap-4 text-sm">
        <label className="flex items-center gap-2"><input type="checkbox" checked={draft.enabled} onChange={(event) => setDraft({ ...draft, enabled: event.target.checked })} /> {t('promotions.enabled')}</label>
        <label className="flex items-center gap-2"><input type="checkbox" checked={draft.hasCondition} onChange={(event) => setDraft({ ...draft, hasCondition: event.target.checked })} /> {t('promotions.hasCondition')}</label>
      </div>
      <div className="grid grid-cols-3 gap-2">
        {number('ratePercent')}
        {number('successPercent')}
        {number('failPercent')}
      </div>
      <LocalizedFields label={t('promotions.info')} value={draft.info} onChange={(info) => setDraft({ ...draft, info })} />
      <Button type="submit" busy={save.isPending}>{t('common.save')}</Button>
    </form>
  );
}

function Banners() {
  const { t, i18n } = useTranslation();
  const banners = useBanners();
  const bonuses = useOffers('bonus');
  const upload = useUploadBanner();
  const remove = useDeleteBanner();
  const [editing, setEditing] = useState<AdminBanner | null>(null);
  const [placement, setPlacement] = useState<(typeof BANNER_PLACEMENTS)[number]>('invite');
  const [offerCode, setOfferCode] = useState('');
  const [html, setHtml] = useState<LocalizedText>({ th: '', lo: '', en: '' });
  const [file, setFile] = useState<File | null>(null);
  const [position, setPosition] = useState(0);
  function submit(event: FormEvent) {
    event.preventDefault();
    if (!file) return;
    const form = new FormData();
    form.append('placement', placement);
    if (placement === 'bonus') form.append('offerCode', offerCode);
    form.append('position', String(position));
    form.append('html', JSON.stringify(html));
    form.append('file', file);
    upload.mutate(form, { onSuccess: () => (toast.success(t('promotions.saved')), setFile(null)), onError: (error) => toast.error(errorText(error)) });
  }
  return (
    <div className="grid grid-cols-[minmax(0,1fr)_minmax(0,1.3fr)] gap-4">
      <form className="space-y-3 rounded-xl border border-white/10 bg-desk-900 p-4" onSubmit={submit} data-testid="banner-form">
        <h2 className="font-bold">{t('promotions.newBanner')}</h2>
        <div className="grid grid-cols-3 gap-2">
          <SelectField label={t('promotions.placement')} value={placement} onChange={(event) => setPlacement(event.target.value as typeof placement)}>
            {BANNER_PLACEMENTS.map((value) => <option key={value} value={value}>{t(`promotions.placements.${value}`)}</option>)}
          </SelectField>
          {placement === 'bonus' && (
            <SelectField label={t('promotions.bonus')} value={offerCode} onChange={(event) => setOfferCode(event.target.value)}>
              <option value="">-</option>
              {bonuses.data?.offers.map((offer) => <option key={offer.code} value={offer.code}>{offer.code}</option>)}
            </SelectField>
          )}
          <TextField label={t('promotions.position')} inputMode="numeric" value={String(position)} onChange={(event) => setPosition(Number(event.target.value) || 0)} />
        </div>
        <input type="file" accept="image/png,image/jpeg" onChange={(event) => setFile(event.target.files?.[0] ?? null)} data-testid="banner-file" className="text-sm" />
        <LocalizedFields label={t('promotions.html')} value={html} onChange={setHtml} />
        <Button type="submit" busy={upload.isPending} disabled={!file || (placement === 'bonus' && !offerCode)} data-testid="banner-upload">{t('promotions.upload')}</Button>
      </form>
      <ul className="grid grid-cols-2 gap-3" data-testid="banner-list">
        {banners.data?.banners.map((banner) => (
          <li key={banner._id} className="rounded-xl border border-white/10 bg-desk-900 p-2 text-sm">
            <img src={banner.image} alt="" className="aspect-[2/1] w-full rounded-lg object-cover" />
            <p className="mt-1">{t(`promotions.placements.${banner.placement}`)}{banner.offerCode ? ` · ${banner.offerCode}` : ''} · #{banner.position}</p>
            <p className="truncate text-white/60">{banner.html[i18n.language as 'th'] || banner.html.th}</p>
            <div className="mt-1 flex gap-2">
              <Button variant="secondary" onClick={() => setEditing(banner)} data-testid={`banner-edit-${banner.position}`}>{t('promotions.edit')}</Button>
              <Button variant="secondary" onClick={() => remove.mutate(banner._id, { onError: (error) => toast.error(errorText(error)) })}>{t('promotions.delete')}</Button>
            </div>
          </li>
        ))}
      </ul>
      {editing && <BannerEditDialog key={editing._id} banner={editing} onClose={() => setEditing(null)} />}
    </div>
  );
}

/** A banner's order and texts, changed in place (the server keeps its picture and placement). */
function BannerEditDialog({ banner, onClose }: { banner: AdminBanner; onClose: () => void }) {
  const { t } = useTranslation();
  const save = useEditBanner();
  const [position, setPosition] = useState(banner.position);
  const [html, setHtml] = useState<LocalizedText>(banner.html);
  function submit(event: FormEvent) {
    event.preventDefault();
    save.mutate({ id: banner._id, position, html }, { onSuccess: () => (toast.success(t('promotions.saved')), onClose()), onError: (error) => toast.error(errorText(error)) });
  }
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={t('promotions.editBanner')} testId="banner-edit">
      <form className="space-y-3" onSubmit={submit}>
        <img src={banner.image} alt="" className="aspect-[2/1] w-full rounded-lg object-cover" />
        <p className="text-sm text-white/60">{t(`promotions.placements.${banner.placement}`)}{banner.offerCode ? ` · ${banner.offerCode}` : ''}</p>
        <TextField label={t('promotions.position')} inputMode="numeric" value={String(position)} onChange={(event) => setPosition(Number(event.target.value) || 0)} data-testid="banner-edit-position" />
        <LocalizedFields label={t('promotions.html')} value={html} onChange={setHtml} stacked />
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="submit" busy={save.isPending} data-testid="banner-edit-save">{t('common.save')}</Button>
        </div>
      </form>
    </Dialog>
  );
}

function Texts() {
  const { t } = useTranslation();
  const agreements = useAgreementTexts();
  const notice = useNoticeText();
  const saveAgreements = useSaveAgreements();
  const saveNotice = useSaveNotice();
  const [agreementDraft, setAgreementDraft] = useState<LocalizedText | null>(null);
  const [noticeDraft, setNoticeDraft] = useState<LocalizedText | null>(null);
  // One agreement per language is edited as one html text: paragraphs keep it readable.
  useEffect(() => {
    if (agreements.data) setAgreementDraft({ th: agreements.data.agreements.th.join('\n'), lo: agreements.data.agreements.lo.join('\n'), en: agreements.data.agreements.en.join('\n') });
  }, [agreements.data]);
  useEffect(() => {
    if (notice.data) setNoticeDraft(notice.data.notice);
  }, [notice.data]);
  const done = { onSuccess: () => toast.success(t('promotions.saved')), onError: (error: Error) => toast.error(errorText(error)) };
  return (
    <div className="space-y-4">
      {agreementDraft && (
        <section className="space-y-2 rounded-xl border border-white/10 bg-desk-900 p-4">
          <h2 className="font-bold">{t('promotions.agreements')}</h2>
          <LocalizedFields label="html" value={agreementDraft} onChange={setAgreementDraft} />
          <Button onClick={() => saveAgreements.mutate({ th: [agreementDraft.th], lo: [agreementDraft.lo], en: [agreementDraft.en] }, done)} busy={saveAgreements.isPending}>{t('common.save')}</Button>
        </section>
      )}
      {noticeDraft && (
        <section className="space-y-2 rounded-xl border border-white/10 bg-desk-900 p-4">
          <h2 className="font-bold">{t('promotions.notice')}</h2>
          <p className="text-xs text-white/60">{t('promotions.noticeHint')}</p>
          <LocalizedFields label="text" value={noticeDraft} onChange={setNoticeDraft} />
          <Button onClick={() => saveNotice.mutate(noticeDraft, done)} busy={saveNotice.isPending}>{t('common.save')}</Button>
        </section>
      )}
    </div>
  );
}

function InviteReviews() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const reviews = useInviteReviews(page);
  const decide = useDecideInvite();
  type Review = NonNullable<typeof reviews.data>['reviews'][number];
  const columns = useMemo<ColumnDef<Review, unknown>[]>(
    () => [
      { header: t('members.time'), accessorKey: 'createdAt', cell: ({ row }) => formatTime(row.original.createdAt) },
      { header: t('promotions.inviter'), cell: ({ row }) => `${row.original.inviterName} (${row.original.inviterId})` },
      { header: t('promotions.invitee'), cell: ({ row }) => `${row.original.inviteeName} (${row.original.inviteeId})` },
      { header: t('members.amount'), accessorKey: 'amount', cell: ({ row }) => formatMoney(row.original.amount, 'en') },
      { header: t('promotions.signals'), cell: ({ row }) => row.original.signals.map((signal) => t(`promotions.signalNames.${signal}`)).join(', ') },
      {
        id: 'actions',
        header: '',
        cell: ({ row }) => {
          const deciding = (decision?: 'approve' | 'refuse') => decide.isPending && decide.variables?.id === row.original._id && (!decision || decide.variables.decision === decision);
          return (
            <div className="flex gap-2">
              <Button busy={deciding('approve')} disabled={deciding()} onClick={() => decide.mutate({ id: row.original._id, decision: 'approve' }, { onError: toastDecisionFailure })}>{t('promotions.approve')}</Button>
              <Button variant="secondary" busy={deciding('refuse')} disabled={deciding()} onClick={() => decide.mutate({ id: row.original._id, decision: 'refuse' }, { onError: toastDecisionFailure })}>{t('promotions.refuse')}</Button>
            </div>
          );
        },
      },
    ],
    [t, decide],
  );
  return <DataTable columns={columns} rows={reviews.data?.reviews ?? []} total={reviews.data?.total ?? 0} page={page} pageSize={25} onPage={setPage} testId="invite-reviews" />;
}
