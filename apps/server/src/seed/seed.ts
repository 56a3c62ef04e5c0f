import type { Db } from '../db/database.js';
import type { PasswordHasher } from '../modules/auth/password.js';
import { accounts } from '../modules/ledger/accounts.js';
import { createLedger } from '../modules/ledger/ledger.service.js';
import { providerBackground, providerLogo } from './provider-art.js';
import type { Site } from '@wallet/contract';
import { AGREEMENTS, CONDITIONS, CONTACT, DEMO_MEMBER, KIP_PROVIDERS, LAO_BANKS, LAO_DEMO_MEMBER, NOTICE, PROVIDERS, SOURCES, THAI_BANKS } from './reference-data.js';

/** Reference data every site needs: banks, registration sources, game providers. Idempotent. */
export async function seedReferenceData(db: Db): Promise<void> {
  await db
    .insertInto('banks')
    .values([
      ...THAI_BANKS.map(([code, slipCode, nameTh, nameEn], index) => ({
        code,
        slip_code: slipCode,
        name_th: nameTh,
        name_en: nameEn,
        name_lo: nameEn,
        country: 'TH' as const,
        sort_order: index,
      })),
      ...LAO_BANKS.map(([code, name, nameLo], index) => ({
        code,
        slip_code: null,
        name_th: name,
        name_en: name,
        name_lo: nameLo,
        country: 'LA' as const,
        sort_order: index,
      })),
    ])
    // Names may be corrected in a later release: the seed's are kept current.
    .onConflict((oc) => oc.column('code').doUpdateSet((eb) => ({ name_lo: eb.ref('excluded.name_lo') })))
    .execute();
  await db
    .insertInto('sources')
    .values(SOURCES.map(([code, description], index) => ({ code, description: JSON.stringify(description), sort_order: index })))
    .onConflict((oc) => oc.column('code').doNothing())
    .execute();
  await db
    .insertInto('providers')
    .values(
      PROVIDERS.map((provider, index) => ({
        code: provider.code,
        name: provider.name,
        category: provider.category,
        ft_wallet_slot: provider.ratio,
        login_type: provider.loginType,
        // The sandbox provider's pages; a real provider's own addresses replace them.
        web_url: provider.loginType === 'form' || provider.lobby ? `/sandbox/provider/${provider.lobby ? 'lobby' : 'login'}/${provider.code}` : null,
        android_url: provider.apps ? `/sandbox/provider/app/${provider.code}?os=android` : null,
        ios_url: provider.apps ? `/sandbox/provider/app/${provider.code}?os=ios` : null,
        logo: providerLogo(provider.name, provider.hue),
        background: providerBackground(provider.hue),
        ends_sessions: !provider.keepsSessions,
        sort_order: index,
      })),
    )
    .onConflict((oc) => oc.column('code').doNothing())
    .execute();
}

/** Demo content (DESIGN §7) on an empty database only: texts, deposit accounts, a demo member. */
/** The demo site: texts, the operator's accounts, and a member with money (in kip in the Laos build). */
export async function seedDemoData(db: Db, hasher: PasswordHasher, site: Site = 'th'): Promise<boolean> {
  const hasTexts = await db.selectFrom('site_texts').select('kind').limit(1).executeTakeFirst();
  if (hasTexts) return false;
  const texts = [
    ['contact', CONTACT],
    ['condition', CONDITIONS],
    ['agreement', AGREEMENTS],
    ['notice', NOTICE],
  ] as const;
  await db
    .insertInto('site_texts')
    .values(
      texts.flatMap(([kind, byLanguage]) =>
        Object.entries(byLanguage).flatMap(([lang, bodies]) =>
          bodies.map((body, position) => ({ kind, lang, position, body })),
        ),
      ),
    )
    .execute();
  await db
    .insertInto('deposit_accounts')
    .values([
      { bank_code: 'KBANK', bank_type: 'QR', mode: 'AUTO', account_name: 'BAHT WALLET CO LTD', account_no: '0123456789', sort_order: 0 },
      { bank_code: 'SCB', bank_type: 'BANK', mode: 'AUTO', account_name: 'BAHT WALLET CO LTD', account_no: '4061234567', sort_order: 1 },
      // SPEC §2 Deposit modal lists GSB among the methods without a QR (only KBANK has one): an
      // account to transfer into by hand, proven by a slip, like SCB. GSB numbers have 12 digits.
      { bank_code: 'GSB', bank_type: 'BANK', mode: 'AUTO', account_name: 'BAHT WALLET CO LTD', account_no: '020123456789', sort_order: 2 },
      { bank_code: 'BCEL', bank_type: 'QR', mode: 'AUTO', currency: 'LAK', account_name: 'BAHT WALLET LAO', account_no: '0101000123456', sort_order: 3 },
      // A Lao account to transfer into by hand, proven by a BCEL One slip an operator checks.
      { bank_code: 'LDB', bank_type: 'BANK', mode: 'AUTO', currency: 'LAK', account_name: 'BAHT WALLET LAO', account_no: '0200123456789', sort_order: 4 },
      // A QR of our own (PromptPay bill payment to the operator's biller ID), credited from the account's
      // statement with no gateway between; the sandbox bank knows the biller (its migration 077).
      { bank_code: 'KTB', bank_type: 'QR', mode: 'AUTO', account_name: 'BAHT WALLET CO LTD', account_no: '9870123456', promptpay_biller_id: '010556100000101', sort_order: 5 },
    ])
    .execute();
  await db
    .insertInto('deposit_wallets')
    .values([
      { mode: 'AUTO', wallet_account_name: 'BAHT WALLET', account_no: '0990000000', sort_order: 0 },
      { mode: 'GIFT', wallet_account_name: 'BAHT WALLET', sort_order: 1 },
    ])
    .execute();
  if (site === 'la') await db.updateTable('providers').set({ currencies: ['THB', 'LAK'] }).where('code', 'in', KIP_PROVIDERS).execute();
  const member = site === 'la' ? LAO_DEMO_MEMBER : { ...DEMO_MEMBER, currency: 'THB' };
  const demo = await db
    .insertInto('members')
    .values({
      phone: member.phone,
      name: member.name,
      password_hash: await hasher.hash(member.password),
      bank_code: member.bankCode,
      bank_account_no: member.bankAccountNo,
      bank_account_name: member.bankAccountName,
      currency: member.currency,
    })
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .executeTakeFirst();
  if (demo) {
    // Demo money is an operator adjustment through the ledger, like any other movement.
    await createLedger(db).post({
      key: `demo-credit:${demo.id}`,
      from: accounts.adjustments(),
      to: accounts.wallet(demo.id),
      amount: member.startingBalance,
      kind: 'adjustment',
      reference: 'demo member starting balance',
    });
  }
  return true;
}
