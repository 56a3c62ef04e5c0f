import type { Db } from '../../db/database.js';
import type { SiteTextKind } from '../../db/schema.js';

export function listBanks(db: Db, country: 'TH' | 'LA') {
  return db
    .selectFrom('banks')
    .select(['code', 'name_th', 'name_en', 'name_lo', 'slip_code', 'country'])
    .where('enabled', '=', true)
    .where('country', '=', country)
    .orderBy('sort_order')
    .orderBy('code')
    .execute();
}

export function findBank(db: Db, code: string) {
  return db.selectFrom('banks').selectAll().where('code', '=', code).where('enabled', '=', true).executeTakeFirst();
}

/** The code a bank's slips name it by (its slip QR's sending bank), enabled or not; null when its slips name none. */
export async function slipCodeOf(db: Db, bankCode: string): Promise<string | null | undefined> {
  const row = await db.selectFrom('banks').select('slip_code').where('code', '=', bankCode).executeTakeFirst();
  return row?.slip_code;
}

export function listSources(db: Db) {
  return db.selectFrom('sources').select(['code', 'description']).orderBy('sort_order').orderBy('code').execute();
}

export function findSource(db: Db, code: string) {
  return db.selectFrom('sources').select('code').where('code', '=', code).executeTakeFirst();
}

export async function listTexts(db: Db, kind: SiteTextKind, lang: string): Promise<string[]> {
  const rows = await db
    .selectFrom('site_texts')
    .select('body')
    .where('kind', '=', kind)
    .where('lang', '=', lang)
    .orderBy('position')
    .execute();
  return rows.map((row) => row.body);
}

/** The operator's accounts members pay into; `onlyCountry` leaves out other countries' banks. */
export function listDepositAccounts(db: Db, onlyCountry?: 'TH' | 'LA') {
  let query = db
    .selectFrom('deposit_accounts')
    .innerJoin('banks', 'banks.code', 'deposit_accounts.bank_code')
    .select([
      'deposit_accounts.bank_code',
      'deposit_accounts.bank_type',
      'deposit_accounts.mode',
      'deposit_accounts.currency',
      'deposit_accounts.account_name',
      'deposit_accounts.account_no',
      'banks.name_th',
      'banks.name_en',
      'banks.name_lo',
    ])
    .where('deposit_accounts.enabled', '=', true);
  if (onlyCountry) query = query.where('banks.country', '=', onlyCountry);
  return query.orderBy('deposit_accounts.sort_order').execute();
}

export function listDepositWallets(db: Db) {
  return db
    .selectFrom('deposit_wallets')
    .select(['mode', 'wallet_account_name', 'account_no'])
    .where('enabled', '=', true)
    .orderBy('sort_order')
    .execute();
}
