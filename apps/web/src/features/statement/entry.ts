import type { StatementEntry } from '@wallet/contract';
import { useTranslation } from '../../shared/i18n/useTranslation';
import { bankNameIn } from '../../shared/format';
import { useBanks } from '../../shared/api/lookup/get-banks';
import { useWallet } from '../../shared/api/wallet';

/** Deposit methods and other codes with a name of their own in the texts. */
const NAMED_CODES = new Set(['WALLET', 'OPERATOR', 'SLIP', 'TRUEMONEY', 'MANUAL', 'BANK']);
/** Payment gateways: named in the texts, as on the deposit screen (deposit.gateways). */
const GATEWAY_CODES = new Set(['WW', 'ZAPMAN']);
/** A reason the server sent as a code (TRANSFER_FAIL); an operator's own words are shown as written. */
export const isCode = (reason: string) => /^[A-Z0-9_]+$/.test(reason);

/**
 * A code on a statement line reads as its name in the screen's language: a game provider by its
 * card's name, a bank by the banks lookup; a code nothing names stays as it is.
 */
export function useAccountNames(): (code: string) => string {
  const { t, i18n } = useTranslation();
  const slots = useWallet().data?.slots;
  const banks = useBanks().data?.banks;
  return (code) => {
    if (NAMED_CODES.has(code)) return t(`statement.codes.${code}`);
    if (GATEWAY_CODES.has(code)) return t(`deposit.gateways.${code}`);
    const slot = slots?.find((item) => item.code === code);
    if (slot) return slot.name;
    const bank = banks?.find((item) => item.code === code);
    return bank ? bankNameIn(i18n.language, bank) : code;
  };
}

/** SPEC §3: a bonus or finish_bonus entry names the reward it belongs to. */
export const relatedOf = (entry: StatementEntry) => (entry.bonus ?? entry.promotion ?? entry.invite ?? entry.refund ?? entry.luckydraw)?.description;

/** SPEC §9: plus for deposit and bonus, minus for withdraw, none otherwise. */
export function sign(entry: StatementEntry): string {
  if (entry.statementType === 'deposit' || entry.statementType === 'bonus') return '+';
  if (entry.statementType === 'withdraw') return '−';
  return '';
}

/** Why a refused withdrawal was refused, in words: a server code translated, an operator's words as written. */
export function useRefusalReason(): (reason: string) => string {
  const { t } = useTranslation();
  return (reason) => (isCode(reason) ? t(`errors.${reason}`, { defaultValue: reason }) : reason);
}
