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

/** A bank's names and country, enabled or not: a member registered with it keeps it. */
export function bankOf(db: Db, code: string) {
  return db.selectFrom('banks').select(['code', 'name_th', 'name_lo', 'name_en', 'country', 'slip_code']).where('code', '=', code).executeTakeFirst();
}

/** The code a bank's slips name it by (its slip QR's sending bank), enabled or not; null when its slips name none. */
export async function slipCodeOf(db: Db, bankCode: string): Promise<string | null | undefined> {
  const row = await db.selectFrom('banks').select('slip_code').where('code', '=', bankCode).executeTakeFirst();
  return row?.slip_code;
}

/** A bank a slip can name, by its code or by the code its slips carry (the first when several share it). */
export function slipBankOf(db: Db, codeOrSlipCode: string) {
  return db
    .selectFrom('banks')
    .select(['code', 'slip_code', 'name_en'])
    .where((eb) => eb.or([eb('code', '=', codeOrSlipCode), eb('slip_code', '=', codeOrSlipCode)]))
    .where('slip_code', 'is not', null)
    .executeTakeFirst();
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

