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

/** A bank's names, enabled or not: a member registered with it keeps it. */
export function bankNames(db: Db, code: string) {
  return db.selectFrom('banks').select(['name_th', 'name_lo', 'name_en']).where('code', '=', code).executeTakeFirst();
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

/** A kind's texts in every language, in the order members read them. */
export function allTexts(db: Db, kind: SiteTextKind) {
  return db.selectFrom('site_texts').select(['lang', 'position', 'body']).where('kind', '=', kind).orderBy('lang').orderBy('position').execute();
}

export async function replaceTexts(trx: Db, kind: SiteTextKind, texts: { lang: string; body: string }[][]): Promise<void> {
  await trx.deleteFrom('site_texts').where('kind', '=', kind).execute();
  const rows = texts.flatMap((list) => list.map((text, position) => ({ kind, lang: text.lang, position, body: text.body })));
  if (rows.length) await trx.insertInto('site_texts').values(rows).execute();
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
