import crypto from 'node:crypto';
import {
  AUTO_LOGIN_ROUTES,
  type AutoLoginRoute,
  type GameAccountResponse,
  type Minor,
  type Slot,
  TRANSFER_MINIMUM_BAHT,
  type TransferBody,
  payablePart,
  WALLET_CODE,
  type WalletResponse,
  isPayableIn,
  minor,
  minorOf,
  toMajor,
  walletCurrencyOf,
} from '@wallet/contract';
import type { GameProviderAdapter } from '../../adapters/game-provider.js';
import type { Db } from '../../db/database.js';
import { type IdempotencyClaim, claimIdempotencyKey } from '../../db/idempotency-keys.js';
import { AppError, badRequest, businessRule, conflict, notFound } from '../../errors.js';
import type { AccountService } from '../account/account.service.js';
import type { MemberContext } from '../../http/context.js';
import { accounts } from '../ledger/accounts.js';
import type { Ledger } from '../ledger/ledger.service.js';
import { providerArtUrl } from './media.routes.js';
import type { ProviderTransfers, TransferState } from './provider-transfers.js';
import type { SecretBox } from '../../crypto/secret-box.js';
import * as repo from './wallet.repository.js';

const FORM_LOGIN = 'form';
const MINIMUM = minorOf(TRANSFER_MINIMUM_BAHT);
/** One slow provider must not hold the whole refresh (SPEC §7 refresh/slot). */
const REFRESH_TIMEOUT_MS = 5_000;

export type TransferAnswer = { message: 'SUCCESS' | 'TRANSFER_PENDING' };

function answerFor(state: TransferState): TransferAnswer {
  if (state === 'voided') throw new AppError('TRANSFER_FAIL', 502);
  return { message: state === 'posted' ? 'SUCCESS' : 'TRANSFER_PENDING' };
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout;
  return Promise.race([
    promise,
    new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => reject(new Error('timeout')), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

export function createWalletService(deps: {
  db: Db;
  ledger: Ledger;
  provider: GameProviderAdapter;
  transfers: ProviderTransfers;
  secrets: SecretBox;
  /** Invite rewards waiting to be claimed and their condition's percentages (the promotions module's). */
  inviteSummary: (memberId: bigint) => Promise<{ amount: number; success: number; fail: number }>;
  members: Pick<AccountService, 'findMember'>;
}) {
  const { db, ledger, provider, transfers, secrets } = deps;
  /** Asked before a game is launched: one throws to refuse it (a break, a self-exclusion). */
  const launchGates: Array<(memberId: bigint) => Promise<void>> = [];

  /** An enabled provider that takes the member's currency: no other is theirs to use. */
  async function requireProvider(context: MemberContext, code: string) {
    const row = await transfers.providers.get(code);
    if (!row || !row.currencies.includes(context.currency)) throw notFound('NO_GAME');
    return row;
  }

  async function requireAccount(context: MemberContext, code: string) {
    await requireProvider(context, code);
    const account = await repo.findGameAccount(db, context.memberId, code);
    if (!account) throw notFound('SLOT_NO_ACCOUNT');
    return account;
  }

  async function gameBalance(memberId: bigint, code: string): Promise<Minor> {
    const game = accounts.game(memberId, code);
    return (await ledger.balances([game.code])).get(game.code) ?? minor(0n);
  }

  /** Brings the game balance up to date first; if the provider cannot answer, the last booked one stands. */
  async function freshGameBalance(memberId: bigint, code: string): Promise<Minor> {
    await withTimeout(transfers.syncResults(memberId, code), REFRESH_TIMEOUT_MS).catch(() => undefined);
    return gameBalance(memberId, code);
  }

  /**
   * Game to wallet. Wins since the last sync may cover an amount the booked balance is short of:
   * the provider is asked only then, and the transfer tried once more (a refused one changed nothing).
   */
  async function withdrawFromGame(member: MemberContext, code: string, amount: Minor, key: string | null, claim: IdempotencyClaim | null): Promise<TransferState> {
    try {
      return await transfers.move(member, code, 'withdraw', amount, key, claim);
    } catch (error) {
      const short = error instanceof AppError && error.code === 'MONEY_NOT_ENOUGH';
      if (!short || (await freshGameBalance(member.memberId, code)) < amount) throw error;
    }
    return transfers.move(member, code, 'withdraw', amount, key, claim);
  }

  async function moveAllToWallet(member: MemberContext, codes: string[], key: string | null) {
    const { memberId } = member;
    const failed: string[] = [];
    let pending = false;
    await Promise.all(
      codes.map(async (code) => {
        const amount = await freshGameBalance(memberId, code);
        if (amount <= 0n) return;
        try {
          const state = await transfers.move(member, code, 'withdraw', amount, key && `${key}:all:${code}`);
          if (state === 'voided') failed.push(code);
          if (state === 'pending') pending = true;
        } catch {
          failed.push(code);
        }
      }),
    );
    return { failed, pending };
  }

  return {
    beforeLaunch(gate: (memberId: bigint) => Promise<void>): void {
      launchGates.push(gate);
    },

    /** SPEC §3 Wallet response: member, bank, wallet, invite and every provider's card. */
    async view(context: MemberContext): Promise<WalletResponse> {
      const { memberId } = context;
      const [member, providers, gameAccounts, balances, invite] = await Promise.all([
        deps.members.findMember(memberId),
        transfers.providers.list(),
        repo.listGameAccounts(db, memberId),
        ledger.balances([accounts.wallet(memberId).code, accounts.coins(memberId).code]),
        deps.inviteSummary(memberId),
      ]);
      if (!member) throw notFound('NO_USER');
      const byCode = new Map(gameAccounts.map((account) => [account.provider_code, account]));
      const slots: Slot[] = providers.filter((row) => row.currencies.includes(context.currency)).map((row) => {
        const account = byCode.get(row.code);
        return {
          code: row.code,
          name: row.name,
          category: row.category,
          isActive: !!account,
          amount: account ? toMajor(account.cached_credits) : 0,
          ftWalletSlot: Number(row.ft_wallet_slot),
          logo: providerArtUrl(row.code, 'logo', row.logo),
          background: providerArtUrl(row.code, 'background', row.background),
          web: row.web_url,
          android: row.android_url,
          ios: row.ios_url,
          username: account?.username ?? null,
          password: null,
          loginForm: row.login_type === FORM_LOGIN,
          balanceSyncedAt: account?.balance_synced_at?.toISOString() ?? null,
        };
      });
      return {
        profile: { name: member.name, username: member.phone, coin: Number(balances.get(accounts.coins(memberId).code) ?? 0n), _id: String(member.id) },
        bankAccount: {
          bank: { nameTH: member.name_th, nameEN: member.name_en, nameLO: member.name_lo ?? member.name_en },
          bankCode: member.bank_code,
          bankAccountName: member.bank_account_name,
          bankAccountNo: member.bank_account_no,
        },
        wallet: { amount: toMajor(balances.get(accounts.wallet(memberId).code) ?? 0n), currency: walletCurrencyOf(member.currency) },
        invite,
        slots,
      };
    },

    /** Every active provider in parallel; one that fails or is slow is reported, not fatal. */
    async refreshAll(context: MemberContext): Promise<{ message: string; failed: string[] }> {
      const gameAccounts = await repo.listGameAccounts(db, context.memberId);
      const results = await Promise.allSettled(
        gameAccounts.map((account) => withTimeout(transfers.syncResults(context.memberId, account.provider_code), REFRESH_TIMEOUT_MS)),
      );
      const failed = gameAccounts.filter((_account, index) => results[index]!.status === 'rejected').map((account) => account.provider_code);
      return { message: 'OK', failed };
    },

    async activate(context: MemberContext, code: string): Promise<void> {
      await requireProvider(context, code);
      if (await repo.findGameAccount(db, context.memberId, code)) throw conflict('SLOT_ALREADY_ACTIVE');
      let player;
      try {
        player = await provider.createPlayer(code, String(context.memberId));
      } catch {
        throw new AppError('SLOT_ACTIVATE_FAIL', 502);
      }
      const inserted = await repo.insertGameAccount(db, {
        memberId: context.memberId,
        code,
        username: player.username,
        passwordEncrypted: secrets.seal(player.password),
      });
      if (!inserted) throw conflict('SLOT_ALREADY_ACTIVE');
      // Its ledger account opens with it, so a first transfer there finds it (one round trip fewer).
      await ledger.open([accounts.game(context.memberId, code)]);
    },

    async account(context: MemberContext, code: string): Promise<GameAccountResponse> {
      const account = await requireAccount(context, code);
      const row = (await repo.findProvider(db, code))!;
      return {
        username: account.username,
        password: secrets.open(account.password_encrypted),
        event: row.login_type === FORM_LOGIN && row.web_url ? { action: row.web_url, method: 'POST' } : null,
      };
    },

    async resetPassword(context: MemberContext, code: string): Promise<string> {
      const account = await requireAccount(context, code);
      let password;
      try {
        ({ password } = await provider.resetPassword(code, account.username));
      } catch {
        throw new AppError('SLOT_RESET_PASSWORD_FAIL', 502);
      }
      await repo.updateGameAccount(db, context.memberId, code, { password_encrypted: secrets.seal(password) });
      return password;
    },

    /** SPEC §7 transfer {from,to,amount}: WALLET or slot codes; from ≠ to; at least 1 baht. */
    async transfer(context: MemberContext, body: TransferBody, claim: IdempotencyClaim | null): Promise<TransferAnswer> {
      const { amount } = body;
      if (body.from === body.to || !isPayableIn(context.currency, amount)) throw badRequest('KEY_INVALID');
      if (amount < MINIMUM) throw businessRule('TRANSFER_MINIMUM');
      const idempotencyKey = claim?.key ?? null;
      if (body.from === WALLET_CODE) {
        // move() answers NO_GAME and SLOT_NO_ACCOUNT itself, inside its transaction; the currency is ours to check.
        await requireProvider(context, body.to);
        return answerFor(await transfers.move(context, body.to, 'deposit', amount, idempotencyKey, claim));
      }
      // move() answers SLOT_NO_ACCOUNT for the source itself, and MONEY_NOT_ENOUGH from its balance check.
      await requireProvider(context, body.from);
      if (body.to !== WALLET_CODE) await requireAccount(context, body.to);
      // Game to game has two legs, each keyed on its own, and the call's key claimed before either;
      // game to wallet has one, keyed as given, that claims it.
      const twoLegs = body.to !== WALLET_CODE;
      if (twoLegs && claim) await claimIdempotencyKey(db, claim);
      const outKey = idempotencyKey && (twoLegs ? `${idempotencyKey}:out` : idempotencyKey);
      const out = await withdrawFromGame(context, body.from, amount, outKey, twoLegs ? null : claim);
      if (!twoLegs || out !== 'posted') return answerFor(out);
      // Game to game goes through the wallet; if the second leg fails the money rests there (TRANSFER_FAIL says so).
      return answerFor(await transfers.move(context, body.to, 'deposit', amount, idempotencyKey && `${idempotencyKey}:in`));
    },

    /** Everything to one place: every game back to the wallet, then (for a slot) all of the wallet there. */
    async transferAll(context: MemberContext, to: string, idempotencyKey: string | null) {
      const { memberId } = context;
      if (to !== WALLET_CODE) await requireAccount(context, to);
      const sources = (await repo.listGameAccounts(db, memberId)).map((account) => account.provider_code).filter((code) => code !== to);
      const collected = await moveAllToWallet(context, sources, idempotencyKey);
      let pending = collected.pending;
      if (to !== WALLET_CODE) {
        const wallet = accounts.wallet(memberId);
        const balance = (await ledger.balances([wallet.code])).get(wallet.code) ?? minor(0n);
        // A kip wallet's fraction of a kip (a share of a deposit can leave one) stays in the wallet.
        const amount = minor(payablePart(context.currency, balance));
        if (amount > 0n) {
          const state = await transfers.move(context, to, 'deposit', amount, idempotencyKey && `${idempotencyKey}:all:in`);
          if (state === 'voided') collected.failed.push(to);
          if (state === 'pending') pending = true;
        }
      }
      return { message: pending ? ('TRANSFER_PENDING' as const) : ('SUCCESS' as const), failed: collected.failed };
    },

    /** SPEC §7 Auto-login: a launch link, only for the caller's own game account. */
    async autoLogin(context: MemberContext, route: AutoLoginRoute, username: string, password: string | undefined): Promise<string> {
      const { code, withPassword } = AUTO_LOGIN_ROUTES[route];
      const account = await repo.findGameAccount(db, context.memberId, code);
      const matches =
        !!account &&
        account.username === username &&
        (!withPassword || (password !== undefined && safeEqual(secrets.open(account.password_encrypted), password)));
      if (!matches) throw notFound('SLOT_NO_ACCOUNT');
      for (const gate of launchGates) await gate(context.memberId);
      let target;
      try {
        target = await provider.launch(code, username);
      } catch {
        throw new AppError('LOGIN_FAIL', 502);
      }
      return target.kind === 'link' ? target.url : target.action;
    },
  };
}
export type WalletService = ReturnType<typeof createWalletService>;

function safeEqual(a: string, b: string): boolean {
  const left = crypto.createHash('sha256').update(a).digest();
  const right = crypto.createHash('sha256').update(b).digest();
  return crypto.timingSafeEqual(left, right);
}
