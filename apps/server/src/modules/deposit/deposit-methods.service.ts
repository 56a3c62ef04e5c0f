import { type DepositLookup, type SiteProfile, walletCurrencyOf } from '@wallet/contract';
import type { Db } from '../../db/database.js';
import type { LookupService } from '../lookup/lookup.service.js';
import { type SettingsService, moneyRules } from '../settings/settings.service.js';
import * as repo from './deposit.repository.js';
import { GATEWAY_METHODS } from './deposit.service.js';

/** SPEC §3 deposit lookup: where and how a member can pay in, with the amounts each currency takes. */
export function createDepositMethods(deps: { db: Db; settings: SettingsService; site: SiteProfile; banks: Pick<LookupService, 'bank'> }) {
  const { db, settings } = deps;
  /** The currencies this build's wallets hold, the default first. */
  const walletCurrencies = [...new Set(deps.site.currencies.map(walletCurrencyOf))];
  return {
    async lookup(): Promise<DepositLookup> {
      const [listed, wallets, site] = await Promise.all([repo.listDepositAccounts(db), repo.listDepositWallets(db), settings.site()]);
      const banks = await Promise.all(listed.map((account) => deps.banks.bank(account.bank_code)));
      // Thai members pay Thai banks; the Laos build also takes baht into Thai accounts (SPEC §9: LAK and BAHT).
      const onlyCountry = deps.site.depositAccountCountry;
      const accounts = listed.flatMap((account, index) => {
        const bank = banks[index];
        return bank && (!onlyCountry || bank.country === onlyCountry) ? [{ ...account, name_th: bank.name_th, name_en: bank.name_en, name_lo: bank.name_lo, slip_code: bank.slip_code }] : [];
      });
      return {
        banks: accounts.map((account) => ({
          bankCode: account.bank_code,
          bankType: account.bank_type,
          mode: account.mode,
          currency: account.currency,
          bankName: account.name_th,
          bankNameEN: account.name_en,
          bankNameLO: account.name_lo ?? account.name_en,
          bankAccountName: account.account_name,
          bankAccountNo: account.account_no,
          // Statements name the sending bank by its interbank code: Lao banks have none, so their transfers need a slip.
          creditsByItself: account.bank_type === 'BANK' && account.mode === 'AUTO' && account.slip_code !== null,
        }))
          .concat(
            // Payment-gateway QRs (SPEC §2 Deposit modal: WW, ZAPMAN) are methods, not bank accounts.
            GATEWAY_METHODS.map((method) => ({
              bankCode: method,
              bankType: 'GATEWAY',
              mode: 'AUTO',
              currency: 'THB',
              bankName: method,
              bankNameEN: method,
              bankNameLO: method,
              bankAccountName: '',
              bankAccountNo: '',
              creditsByItself: false,
            })),
          ),
        wallets: wallets.map((wallet) => ({ mode: wallet.mode, walletAccountName: wallet.wallet_account_name, walletAccountNo: wallet.account_no })),
        isManual: site.isManualDeposit,
        minimum: moneyRules(site, walletCurrencies[0]!).depositMinimum,
        currencies: Object.fromEntries(
          walletCurrencies.map((currency) => {
            const rules = moneyRules(site, currency);
            return [currency, { minimum: rules.depositMinimum, quickPicks: rules.bankQrQuickPicks }];
          }),
        ),
      };
    },
  };
}
export type DepositMethods = ReturnType<typeof createDepositMethods>;
