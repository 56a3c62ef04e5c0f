import {
  type AdminBanner,
  type AdminOffer,
  type BannerPlacement,
  type BonusBody,
  LANGUAGES,
  type LocalizedText,
  type OfferPatchBody,
  type Programme,
  type ProgrammeBody,
  type ProgrammeSettings,
  type PromotionBody,
  bonusBody,
  minorOf,
  offerPatchBody,
  promotionBody,
  rewardAmountAllowed,
  rewardShapeConsistent,
  targetNeedsPlay,
  toMajor,
} from '@wallet/contract';
import sanitizeHtml from 'sanitize-html';
import type { UploadStorage } from '../../adapters/upload-storage.js';
import type { Db, Trx } from '../../db/database.js';
import { badRequest, conflict, notFound } from '../../errors.js';
import type { Members } from '../account/members.js';
import type { AuditTrail } from '../audit/audit-writer.js';
import { decideOnce } from '../../db/decide-once.js';
import type { AdminContext } from '../../http/context.js';
import { type OfferTerms, offerReasons, thresholdsFor } from '../approvals/approvals.rules.js';
import { type ApprovalService, type Outcome, inMajorUnits } from '../approvals/approvals.service.js';
import type { ConditionService } from '../conditions/conditions.service.js';
import type { LookupService } from '../lookup/lookup.service.js';
import type { SettingsService, SiteSettings } from '../settings/settings.service.js';
import { bannerUrl, storeBannerImage } from './banner-images.js';
import type { OfferService } from './offers.service.js';
import * as repo from './promotions.repository.js';

/** What operators may put in member-facing html: formatting, links and pictures; never scripts, styles or handlers. */
const HTML_POLICY: sanitizeHtml.IOptions = {
  allowedTags: [...sanitizeHtml.defaults.allowedTags, 'img', 'span'],
  allowedAttributes: { a: ['href', 'target', 'rel'], img: ['src', 'alt', 'width', 'height'], '*': ['class'] },
  allowedSchemes: ['https', 'http', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['https', 'http'] },
  transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer', target: '_blank' }) },
};
export const cleanHtml = (html: string) => sanitizeHtml(html, HTML_POLICY);
const cleanTexts = (texts: LocalizedText): LocalizedText => ({ th: cleanHtml(texts.th), lo: cleanHtml(texts.lo), en: cleanHtml(texts.en) });

const PROGRAMME_KEYS = {
  invite: { enabled: 'inviteEnabled', ratePercent: 'inviteRatePercent', hasCondition: 'inviteHasCondition', successPercent: 'inviteSuccessPercent', failPercent: 'inviteFailPercent', info: 'inviteInfo' },
  refund: { enabled: 'refundEnabled', ratePercent: 'refundRatePercent', hasCondition: 'refundHasCondition', successPercent: 'refundSuccessPercent', failPercent: 'refundFailPercent', info: 'refundInfo' },
} as const satisfies Record<Programme, Record<keyof ProgrammeBody, keyof SiteSettings>>;

/** Amounts parse to satang (bigint), which JSON cannot write: the audit keeps them in baht as typed. */
const auditable = inMajorUnits;

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

function toAdminOffer(offer: repo.OfferRow, paid: bigint, banners: repo.BannerRow[]): AdminOffer {
  return {
    code: offer.code,
    kind: offer.kind,
    currency: offer.currency,
    status: offer.status,
    type: offer.bonus_type,
    maxReceived: offer.max_received,
    globalCap: offer.global_cap,
    claimed: offer.claimed_count,
    sortOrder: offer.sort_order,
    name: offer.name as AdminOffer['name'],
    description: offer.description as LocalizedText,
    rewardMode: offer.reward_mode,
    rewardPercent: offer.reward_percent === null ? null : Number(offer.reward_percent),
    rewardAmount: offer.reward_amount === null ? null : toMajor(offer.reward_amount),
    rewardCap: offer.reward_cap === null ? null : toMajor(offer.reward_cap),
    minimumDeposit: toMajor(offer.minimum_deposit),
    hasCondition: offer.has_condition,
    firstDepositOnly: offer.first_deposit_only,
    successPercent: offer.success_percent,
    failPercent: offer.fail_percent,
    clearMode: offer.clear_mode,
    startsAt: iso(offer.starts_at),
    endsAt: iso(offer.ends_at),
    paid: toMajor(paid),
    banners: banners.filter((banner) => banner.offer_code === offer.code).map((banner) => ({ _id: banner.id, image: bannerUrl(banner.image_file), html: banner.html as LocalizedText })),
    createdAt: new Date(offer.created_at).toISOString(),
    updatedAt: new Date(offer.updated_at).toISOString(),
  };
}

const toAdminBanner = (banner: repo.BannerRow): AdminBanner => ({
  _id: banner.id,
  placement: banner.placement,
  offerCode: banner.offer_code,
  position: banner.position,
  image: bannerUrl(banner.image_file),
  html: banner.html as LocalizedText,
  createdAt: new Date(banner.created_at).toISOString(),
});

type OfferFields = Omit<BonusBody, 'code' | 'type' | 'maxReceived' | 'sortOrder'>;

/** Offer terms as columns; the database's checks hold their shape (share xor fixed). */
function offerColumns(fields: Partial<OfferFields>) {
  const columns: Record<string, unknown> = {};
  if (fields.name) columns.name = JSON.stringify(fields.name);
  if (fields.description) columns.description = JSON.stringify(cleanTexts(fields.description));
  if (fields.rewardMode !== undefined) columns.reward_mode = fields.rewardMode;
  if (fields.rewardPercent !== undefined) columns.reward_percent = fields.rewardPercent;
  if (fields.rewardAmount !== undefined) columns.reward_amount = fields.rewardAmount;
  if (fields.rewardCap !== undefined) columns.reward_cap = fields.rewardCap;
  if (fields.minimumDeposit !== undefined) columns.minimum_deposit = minorOf(fields.minimumDeposit);
  if (fields.hasCondition !== undefined) columns.has_condition = fields.hasCondition;
  if (fields.firstDepositOnly !== undefined) columns.first_deposit_only = fields.firstDepositOnly;
  if (fields.successPercent !== undefined) columns.success_percent = fields.successPercent;
  if (fields.failPercent !== undefined) columns.fail_percent = fields.failPercent;
  if (fields.clearMode !== undefined) columns.clear_mode = fields.clearMode;
  if (fields.startsAt !== undefined) columns.starts_at = fields.startsAt;
  if (fields.endsAt !== undefined) columns.ends_at = fields.endsAt;
  return columns;
}

/** The terms a patch leaves an offer with, as the approval rules read them. */
function patchedTerms(before: repo.OfferRow, patch: OfferPatchBody): OfferTerms & { successPercent: number } {
  // What applyPatch writes: a figure the patch names, else the stored one, cleared when the patch switches away from its mode.
  const storedPercent = before.reward_percent === null ? null : Number(before.reward_percent);
  return {
    rewardMode: patch.rewardMode ?? before.reward_mode,
    rewardPercent: patch.rewardPercent !== undefined ? patch.rewardPercent : patch.rewardMode === 'fixed' ? null : storedPercent,
    rewardAmount: patch.rewardAmount !== undefined ? patch.rewardAmount : patch.rewardMode === 'share' ? null : before.reward_amount,
    rewardCap: patch.rewardCap !== undefined ? patch.rewardCap : before.reward_cap,
    minimumDeposit: patch.minimumDeposit !== undefined ? minorOf(patch.minimumDeposit) : before.minimum_deposit,
    hasCondition: patch.hasCondition ?? before.has_condition,
    successPercent: patch.successPercent ?? before.success_percent,
  };
}
/** What a patch changes that decides what an offer pays (the approval rules' inputs and how often it is paid). */
const PAYING_KEYS = ['rewardMode', 'rewardPercent', 'rewardAmount', 'rewardCap', 'minimumDeposit', 'hasCondition', 'maxReceived', 'globalCap'] as const satisfies readonly (keyof OfferPatchBody)[];

function checkTerms(fields: Partial<OfferFields>): void {
  if (fields.rewardMode === 'share' && !(fields.rewardPercent && fields.rewardPercent > 0)) throw badRequest('KEY_MISSING');
  if (fields.rewardMode === 'fixed' && !fields.rewardAmount) throw badRequest('KEY_MISSING');
  if (fields.rewardMode !== undefined && !rewardShapeConsistent({ rewardMode: fields.rewardMode, rewardPercent: fields.rewardPercent ?? null, rewardAmount: fields.rewardAmount ?? null })) {
    throw badRequest('OFFER_REWARD_SHAPE');
  }
  if (fields.successPercent !== undefined && fields.failPercent !== undefined && fields.failPercent >= fields.successPercent) throw badRequest('KEY_INVALID');
  if (fields.startsAt && fields.endsAt && new Date(fields.startsAt) >= new Date(fields.endsAt)) throw badRequest('KEY_INVALID');
}

/**
 * The operator's side of promotions: offers, programmes, banners, agreements, the
 * notice, members' conditions and invite reviews. Every change is audited in its own transaction.
 */
export function createPromotionAdminService(deps: {
  db: Db;
  auditTrail: AuditTrail;
  settings: SettingsService;
  storage: UploadStorage;
  approvals: Pick<ApprovalService, 'propose' | 'changeSettings' | 'onApprove'>;
  conditions: Pick<ConditionService, 'active'>;
  offers: Pick<OfferService, 'conditionStatus' | 'endByOperator' | 'lockToEnd'>;
  texts: Pick<LookupService, 'allTexts' | 'replaceTexts'>;
  members: Pick<Members, 'findMany'>;
}) {
  const { db } = deps;

  async function offerView(trx: Db, offer: repo.OfferRow): Promise<AdminOffer> {
    const [paid, banners] = await Promise.all([repo.paidPerOffer(trx), repo.listBanners(trx, { placement: 'bonus', offerCode: offer.code })]);
    return toAdminOffer(offer, paid.get(offer.code) ?? 0n, banners);
  }

  async function insertOffer(trx: Trx, operator: AdminContext, kind: 'bonus' | 'promotion', body: BonusBody | PromotionBody): Promise<AdminOffer> {
    const inserted = await repo.insertOffer(trx, {
      code: body.code,
      kind,
      currency: body.currency,
      bonus_type: 'type' in body ? body.type : null,
      max_received: 'maxReceived' in body ? body.maxReceived : 1,
      global_cap: 'globalCap' in body ? body.globalCap : null,
      sort_order: 'sortOrder' in body ? body.sortOrder : 0,
      ...(offerColumns(body) as Pick<repo.OfferRow, 'reward_mode'> & { name: string; description: string; success_percent: number; fail_percent: number }),
    });
    if (!inserted) throw conflict('OFFER_EXISTS');
    await deps.auditTrail.record(trx, operator, `${kind}.create`, auditable(body));
    return offerView(trx, inserted);
  }

  /** A new offer applies at once below the thresholds; above them it waits, unlisted and unclaimable, for a second operator. */
  async function createOffer(operator: AdminContext, kind: 'bonus' | 'promotion', body: BonusBody | PromotionBody): Promise<Outcome<AdminOffer>> {
    checkTerms(body);
    return db.transaction().execute(async (trx): Promise<Outcome<AdminOffer>> => {
      const terms = { ...body, minimumDeposit: minorOf(body.minimumDeposit) };
      const reasons = offerReasons(terms, thresholdsFor(await deps.settings.site(trx), body.currency));
      if (reasons.length === 0) return { applied: await insertOffer(trx, operator, kind, body) };
      if (await repo.findOffer(trx, body.code)) throw conflict('OFFER_EXISTS');
      const proposed = { offerKind: kind, ...auditable(body) };
      return { pending: await deps.approvals.propose(trx, operator, { kind: 'offer.create', subject: body.code, currency: body.currency, reasons, proposed, previous: null }) };
    });
  }

  /** The bounds a patched offer keeps whatever is approved (the contract holds them for a new one). */
  function checkPatch(before: repo.OfferRow, patch: OfferPatchBody): void {
    const terms = patchedTerms(before, patch);
    checkTerms({
      rewardMode: terms.rewardMode,
      rewardPercent: terms.rewardPercent,
      rewardAmount: terms.rewardAmount,
      successPercent: terms.successPercent,
      failPercent: patch.failPercent ?? before.fail_percent,
      startsAt: patch.startsAt !== undefined ? patch.startsAt : iso(before.starts_at),
      endsAt: patch.endsAt !== undefined ? patch.endsAt : iso(before.ends_at),
    } as Partial<OfferFields>);
    if (![terms.rewardAmount, terms.rewardCap].every((amount) => amount === null || rewardAmountAllowed(amount, before.currency)) || !targetNeedsPlay(terms)) throw badRequest('KEY_INVALID');
  }

  async function applyPatch(trx: Trx, operator: AdminContext, before: repo.OfferRow, patch: OfferPatchBody): Promise<AdminOffer> {
    const { kind, code } = before;
    checkPatch(before, patch);
    // Switching between share and fixed clears the other mode's figure.
    const modeColumns = patch.rewardMode === 'share' ? { reward_amount: null } : patch.rewardMode === 'fixed' ? { reward_percent: null } : {};
    const updated = await repo.updateOffer(trx, code, kind, {
      ...modeColumns,
      ...offerColumns(patch),
      ...(patch.status !== undefined ? { status: patch.status } : {}),
      ...(patch.type !== undefined && kind === 'bonus' ? { bonus_type: patch.type } : {}),
      ...(patch.maxReceived !== undefined ? { max_received: patch.maxReceived } : {}),
      ...(patch.globalCap !== undefined && kind === 'promotion' ? { global_cap: patch.globalCap } : {}),
      ...(patch.sortOrder !== undefined ? { sort_order: patch.sortOrder } : {}),
    });
    if (!updated) throw notFound('NO_DATA');
    await deps.auditTrail.record(trx, operator, `${kind}.update`, { code, change: auditable(patch) });
    return offerView(trx, updated);
  }

  /** A change to what an offer pays, above the thresholds, waits for a second operator; the old terms stay in force meanwhile. */
  async function patchOffer(operator: AdminContext, kind: 'bonus' | 'promotion', code: string, patch: OfferPatchBody): Promise<Outcome<AdminOffer>> {
    return db.transaction().execute(async (trx): Promise<Outcome<AdminOffer>> => {
      const before = await repo.lockOffer(trx, code);
      if (!before || before.kind !== kind) throw notFound('NO_DATA');
      checkPatch(before, patch);
      const paying = PAYING_KEYS.some((key) => patch[key] !== undefined);
      const reasons = paying ? offerReasons(patchedTerms(before, patch), thresholdsFor(await deps.settings.site(trx), before.currency)) : [];
      if (reasons.length === 0) return { applied: await applyPatch(trx, operator, before, patch) };
      const shown = toAdminOffer(before, 0n, []) as Record<string, unknown>;
      const proposed = auditable(patch);
      const previous = Object.fromEntries(Object.keys(proposed).map((key) => [key, shown[key] ?? null]));
      return { pending: await deps.approvals.propose(trx, operator, { kind: 'offer.update', subject: code, currency: before.currency, reasons, proposed, previous }) };
    });
  }

  deps.approvals.onApprove('offer.create', async (trx, approver, change) => {
    const { offerKind, ...fields } = change.proposed;
    const body = offerKind === 'bonus' ? bonusBody.parse(fields) : promotionBody.parse(fields);
    checkTerms(body);
    await insertOffer(trx, approver, offerKind === 'bonus' ? 'bonus' : 'promotion', body);
  });
  deps.approvals.onApprove('offer.update', async (trx, approver, change) => {
    const before = await repo.lockOffer(trx, change.subject);
    if (!before) throw notFound('NO_DATA');
    await applyPatch(trx, approver, before, offerPatchBody.parse(change.proposed));
  });

  function programmeOf(site: SiteSettings, programme: Programme, updatedAt: string | null): ProgrammeSettings {
    const keys = PROGRAMME_KEYS[programme];
    return {
      programme,
      enabled: site[keys.enabled],
      ratePercent: site[keys.ratePercent],
      hasCondition: site[keys.hasCondition],
      successPercent: site[keys.successPercent],
      failPercent: site[keys.failPercent],
      info: site[keys.info],
      updatedAt,
    };
  }

  async function readTexts(kind: 'agreement' | 'notice') {
    const rows = await deps.texts.allTexts(kind);
    return Object.fromEntries(LANGUAGES.map((language) => [language, rows.filter((row) => row.lang === language).map((row) => row.body)])) as Record<(typeof LANGUAGES)[number], string[]>;
  }

  async function writeTexts(operator: AdminContext, kind: 'agreement' | 'notice', texts: Record<(typeof LANGUAGES)[number], string[]>) {
    const clean = LANGUAGES.map((language) => texts[language].map((body) => ({ lang: language, body: cleanHtml(body) })));
    await db.transaction().execute(async (trx) => {
      await deps.texts.replaceTexts(trx, kind, clean);
      await deps.auditTrail.record(trx, operator, `${kind}.update`, { texts: Object.fromEntries(clean.map((list, index) => [LANGUAGES[index], list.length])) });
    });
    return readTexts(kind);
  }

  return {
    async offers(filter: Parameters<typeof repo.listOffers>[1]): Promise<AdminOffer[]> {
      const [offers, paid, banners] = await Promise.all([repo.listOffers(db, filter), repo.paidPerOffer(db), repo.listBanners(db, { placement: 'bonus' })]);
      return offers.map((offer) => toAdminOffer(offer, paid.get(offer.code) ?? 0n, banners));
    },
    createBonus: (operator: AdminContext, body: BonusBody) => createOffer(operator, 'bonus', body),
    createPromotion: (operator: AdminContext, body: PromotionBody) => createOffer(operator, 'promotion', body),
    patchBonus: (operator: AdminContext, code: string, patch: OfferPatchBody) => patchOffer(operator, 'bonus', code, patch),
    patchPromotion: (operator: AdminContext, code: string, patch: OfferPatchBody) => patchOffer(operator, 'promotion', code, patch),

    async programme(programme: Programme): Promise<ProgrammeSettings> {
      return programmeOf(await deps.settings.site(), programme, null);
    },
    /** A programme that pays above the rate threshold, or without a condition, waits for a second operator. */
    async updateProgramme(operator: AdminContext, programme: Programme, body: ProgrammeBody): Promise<Outcome<ProgrammeSettings>> {
      if (body.failPercent >= body.successPercent) throw badRequest('KEY_INVALID');
      const keys = PROGRAMME_KEYS[programme];
      const change: Partial<SiteSettings> = {
        [keys.enabled]: body.enabled,
        [keys.ratePercent]: body.ratePercent,
        [keys.hasCondition]: body.hasCondition,
        [keys.successPercent]: body.successPercent,
        [keys.failPercent]: body.failPercent,
        [keys.info]: cleanTexts(body.info),
      };
      const outcome = await deps.approvals.changeSettings(operator, change, `programme.${programme}.update`);
      return 'pending' in outcome ? outcome : { applied: programmeOf(outcome.applied, programme, new Date().toISOString()) };
    },

    async banners(filter: { placement?: BannerPlacement | undefined; offerCode?: string | undefined }) {
      return (await repo.listBanners(db, filter)).map(toAdminBanner);
    },
    async addBanner(operator: AdminContext, fields: { placement: BannerPlacement; offerCode?: string | undefined; position: number; html: LocalizedText }, image: Buffer | null): Promise<AdminBanner> {
      if (!image) throw badRequest('SLIP_NO_FILE');
      if ((fields.placement === 'bonus') !== (fields.offerCode !== undefined)) throw badRequest('KEY_INVALID');
      if (fields.offerCode && !(await repo.findOffer(db, fields.offerCode))) throw notFound('NO_DATA');
      const file = await storeBannerImage(deps.storage, image);
      if (!file) throw badRequest('SLIP_INVALID_FILE');
      return db.transaction().execute(async (trx) => {
        const banner = await repo.insertBanner(trx, { placement: fields.placement, offer_code: fields.offerCode ?? null, position: fields.position, image_file: file, html: JSON.stringify(cleanTexts(fields.html)) });
        await deps.auditTrail.record(trx, operator, 'banner.create', { id: banner.id, placement: banner.placement, offerCode: banner.offer_code });
        return toAdminBanner(banner);
      });
    },
    async patchBanner(operator: AdminContext, id: string, patch: { position?: number | undefined; html?: LocalizedText | undefined }): Promise<AdminBanner> {
      return db.transaction().execute(async (trx) => {
        const banner = await repo.updateBanner(trx, id, { ...(patch.position !== undefined ? { position: patch.position } : {}), ...(patch.html ? { html: JSON.stringify(cleanTexts(patch.html)) } : {}) });
        if (!banner) throw notFound('NO_DATA');
        await deps.auditTrail.record(trx, operator, 'banner.update', { id, change: patch });
        return toAdminBanner(banner);
      });
    },
    async deleteBanner(operator: AdminContext, id: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const banner = await repo.deleteBanner(trx, id);
        if (!banner) throw notFound('NO_DATA');
        await deps.auditTrail.record(trx, operator, 'banner.delete', { id, placement: banner.placement, offerCode: banner.offer_code });
      });
    },
    isBannerFile: async (file: string) => (await repo.findBannerByFile(db, file)) !== undefined,

    agreements: () => readTexts('agreement'),
    updateAgreements: (operator: AdminContext, texts: Record<(typeof LANGUAGES)[number], string[]>) => writeTexts(operator, 'agreement', texts),
    async notice() {
      const texts = await readTexts('notice');
      return { th: texts.th[0] ?? '', lo: texts.lo[0] ?? '', en: texts.en[0] ?? '' };
    },
    async updateNotice(operator: AdminContext, notice: LocalizedText) {
      const texts = await writeTexts(operator, 'notice', { th: [notice.th], lo: [notice.lo], en: [notice.en] });
      return { th: texts.th[0] ?? '', lo: texts.lo[0] ?? '', en: texts.en[0] ?? '' };
    },

    async memberCondition(memberId: bigint) {
      const active = await deps.conditions.active(db, memberId);
      if (!active) return { condition: null };
      return { condition: { ...(await deps.offers.conditionStatus(db, active, 'en')), _id: active.id, status: active.status } };
    },
    /** An operator ends a member's condition with a reason: the reward still held goes back to its account (one operator cannot release it). */
    async endCondition(operator: AdminContext, memberId: bigint, reason: string) {
      // The route names the member, not a condition: once one is ended there is none to end (404).
      const { condition } = await decideOnce(deps, {
        lock: (trx) => deps.offers.lockToEnd(trx, memberId),
        isOpen: (active) => active.status === 'active',
        decidedBy: (_trx, active) => active.ended_by,
        apply: async (trx, active) => {
          const end = await deps.offers.endByOperator(trx, active, operator.username, reason);
          return { ...end, condition: { ...(await deps.offers.conditionStatus(trx, end.ended, 'en')), _id: end.ended.id, status: end.ended.status } };
        },
        audit: {
          actor: operator,
          action: 'condition.end',
          detail: (_active, result) => ({ memberId: String(memberId), conditionId: result.ended.id, kind: result.ended.kind, source: result.ended.source, taken: String(result.taken), reason }),
        },
      });
      return { condition };
    },

    async inviteReviews(page: number, limit: number) {
      const { total, rows } = await repo.reviewsPage(db, page, limit);
      const members = await deps.members.findMany(db, rows.flatMap((row) => [row.inviter_id, row.invitee_id]));
      return {
        total,
        reviews: rows.map((row) => ({
          _id: row.id,
          inviterId: String(row.inviter_id),
          inviterName: members.get(row.inviter_id)!.name,
          inviteeId: String(row.invitee_id),
          inviteeName: members.get(row.invitee_id)!.name,
          amount: toMajor(row.amount),
          signals: row.signals as ('same_bank_account' | 'same_account_name' | 'same_device' | 'same_address')[],
          status: row.status,
          createdAt: new Date(row.created_at).toISOString(),
        })),
      };
    },
    /** An operator clears a flagged invite reward for claiming, or refuses it; once. */
    decideInvite(operator: AdminContext, id: string, decision: 'accrued' | 'refused') {
      return decideOnce(deps, {
        lock: (trx) => repo.lockAccrual(trx, id),
        isOpen: (row) => row.status === 'review',
        decidedBy: (_trx, row) => row.decided_by,
        apply: async (trx) => {
          const row = await repo.decideAccrual(trx, id, decision, operator.username);
          return { message: 'SUCCESS' as const, status: row.status };
        },
        audit: { actor: operator, action: decision === 'accrued' ? 'invite.approve' : 'invite.refuse', detail: (row) => ({ id, inviterId: String(row.inviter_id), inviteeId: String(row.invitee_id), amount: String(row.amount) }) },
      });
    },
  };
}
export type PromotionAdminService = ReturnType<typeof createPromotionAdminService>;
