import type { Slot, WalletResponse } from '@wallet/contract';

/** The demo member's bank account, at SCB. */
const SCB_ACCOUNT: WalletResponse['bankAccount'] = {
  bank: { nameTH: 'ธนาคารไทยพาณิชย์', nameEN: 'Siam Commercial Bank', nameLO: 'Siam Commercial Bank' },
  bankCode: 'SCB',
  bankAccountName: 'SOMCHAI',
  bankAccountNo: '1234567890',
};

/** The wallet answer of the screens' tests' member, Somchai: an empty baht wallet unless a test says otherwise. */
export function memberWallet({
  amount = 0,
  slots = [],
  invite = { amount: 0, success: 0, fail: 0 },
  bankAccount = SCB_ACCOUNT,
  id = '100001',
}: { amount?: number; slots?: Slot[]; invite?: WalletResponse['invite']; bankAccount?: WalletResponse['bankAccount']; id?: string } = {}): WalletResponse {
  return { profile: { name: 'Somchai', username: '0812345678', coin: 0, _id: id }, bankAccount, wallet: { amount, currency: 'THB' }, invite, slots };
}
