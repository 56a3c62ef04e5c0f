import { type BankItem, type ContactResponse, type Language, type SiteProfile, type SourceItem, walletCurrencyOf } from '@wallet/contract';
import type { Db } from '../../db/database.js';
import type { SiteTextKind } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { isSlipUploadOpen } from '../deposit/slip.rules.js';
import { type SettingsService, moneyRules } from '../settings/settings.service.js';
import * as repo from './lookup.repository.js';

export type Bank = NonNullable<Awaited<ReturnType<typeof repo.bankOf>>>;

/**
 * A read of banks, kept by what it was asked with: banks are reference rows only migrations and the
 * seed write, so a bank read once holds until the next start. Nothing found is not kept (asked
 * again, it is read again), so what is kept is at most every bank under each of its codes.
 */
function keptOnceFound<Row>(read: (key: string) => Promise<Row | undefined>): (key: string) => Promise<Row | undefined> {
  const kept = new Map<string, Row>();
  return async (key) => {
    const known = kept.get(key);
    if (known) return known;
    const row = await read(key);
    if (row) kept.set(key, row);
    return row;
  };
}

const CONTACT_KEYS = ['contactText', 'lineLink', 'lineName', 'lineQR'] as const;

export function createLookupService(deps: { db: Db; settings: SettingsService; site: SiteProfile; now: () => Date }) {
  const { db, settings } = deps;
  /** The currencies this build's wallets hold, the default first. */
  const walletCurrencies = [...new Set(deps.site.currencies.map(walletCurrencyOf))];
  return {
    /** An enabled bank, for registration's checks. */
    findBank: (code: string) => repo.findBank(db, code),
    /** A bank's names in each language and its country, enabled or not (a member registered with it keeps it). */
    bank: keptOnceFound((code: string) => repo.bankOf(db, code)),
    /** A bank whose slips carry a code, found by its code or that slip code (the sandbox bank's slips name real banks). */
    slipBank: keptOnceFound((codeOrSlipCode: string) => repo.slipBankOf(db, codeOrSlipCode)),
    /** A known traffic source code. */
    findSource: (code: string) => repo.findSource(db, code),
    /** A kind of the operator's texts (agreement, notice…) in every language, in reading order. */
    allTexts: (kind: SiteTextKind, trx: Db = db) => repo.allTexts(trx, kind),
    /** The operator's new texts of a kind, one list per language, in the caller's transaction. */
    replaceTexts: (trx: Db, kind: SiteTextKind, texts: { lang: string; body: string }[][]) => repo.replaceTexts(trx, kind, texts),

    /** DESIGN §4: once the operator terminates the site, this (and every call) answers 410 gone. */
    async ensureActive(): Promise<void> {
      if ((await settings.site()).terminated) throw new AppError('gone', 410);
    },

    async banks(): Promise<BankItem[]> {
      const rows = await repo.listBanks(db, deps.site.country);
      return rows.map((row) => ({
        code: row.code,
        nameTH: row.name_th,
        nameEN: row.name_en,
        nameLO: row.name_lo ?? row.name_en,
        slipCode: row.slip_code,
        country: row.country,
      }));
    },

    async sources(lang: Language): Promise<SourceItem[]> {
      const rows = await repo.listSources(db);
      return rows.map((row) => ({
        code: row.code,
        description: row.description[lang] ?? row.description.en ?? row.code,
      }));
    },

    async info() {
      const site = await settings.site();
      return { name: site.siteName, website: site.website };
    },

    /** Contact rows are stored as `key=value` texts so an operator edits them like any other text. */
    async contact(lang: Language): Promise<ContactResponse> {
      const entries = new Map(
        (await repo.listTexts(db, 'contact', lang)).map((line) => {
          const separator = line.indexOf('=');
          return [line.slice(0, separator), line.slice(separator + 1)] as const;
        }),
      );
      const contact = Object.fromEntries(CONTACT_KEYS.map((key) => [key, entries.get(key) || null]));
      return { ...contact, contactText: entries.get('contactText') ?? '' } as ContactResponse;
    },

    conditions: (lang: Language) => repo.listTexts(db, 'condition', lang),
    agreements: (lang: Language) => repo.listTexts(db, 'agreement', lang),

    /** SPEC §7: the notice carries a fail-percentage placeholder, replaced here. */
    async notice(lang: Language, percentFail: number | undefined): Promise<string> {
      const [text = ''] = await repo.listTexts(db, 'notice', lang);
      const percent = percentFail ?? (await settings.site()).defaultPercentFail;
      return text.replaceAll('{percentFail}', String(percent));
    },

    async withdraw() {
      const site = await settings.site();
      const limits = walletCurrencies.map((currency) => {
        const { withdrawMin, withdrawMax } = moneyRules(site, currency);
        return [currency, { withdrawMin, withdrawMax }] as const;
      });
      return { ...limits[0]![1], currencies: Object.fromEntries(limits) };
    },

    async slip() {
      const site = await settings.site();
      return {
        isOpen: isSlipUploadOpen(site, deps.now()),
        maxAgeMinutes: site.slipMaxAgeMinutes,
      };
    },

    async flags() {
      const site = await settings.site();
      return { registerOTP: site.registerOTP, enableChatWidget: site.enableChatWidget };
    },
  };
}
export type LookupService = ReturnType<typeof createLookupService>;
