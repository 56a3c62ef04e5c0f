import { type ProviderCredits, creditsPerBaht, creditsToBaht } from '@wallet/contract';
import type { GameProviderAdapter, ProviderHistoryLine } from '../../../adapters/game-provider.js';
import type { Db } from '../../../db/database.js';
import type { Entry } from '../matcher.js';
import { type ReconciliationSource, withWindow } from '../source.js';
import * as repo from './provider.repository.js';

/** How far back the provider's history is read for a member's booking before the day: beyond it, the rounds are not compared. */
const RESULTS_LOOKBACK_MS = 35 * 24 * 60 * 60 * 1000;

const TRANSFER_KIND = { deposit: 'to_game', withdraw: 'from_game' } as const;

/**
 * The game providers (ADR 0348): each slot's transaction history for the day against ours.
 * - Transfers one to one on the transaction id, which is ours (the provider keeps it as its key):
 *   the transfers we posted against the ones it applied.
 * - Game results per booking: a booking reads the provider's balance and posts the difference, so
 *   the provider's rounds since the member's booking before it (bets lost, wins paid) must total
 *   exactly what it posted. Rounds not booked yet are compared on the day they are booked.
 */
export function createProviderSource(deps: { db: Db; provider: Pick<GameProviderAdapter, 'history'> }): ReconciliationSource {
  const { db, provider } = deps;
  return {
    name: 'provider',
    async gather(day, rule) {
      const span = withWindow(day, rule);
      const ours: Entry[] = [];
      const theirs: Entry[] = [];
      for (const slot of await repo.slots(db)) {
        const perUnit = creditsPerBaht(slot.ft_wallet_slot);
        const toMoney = (credits: ProviderCredits) => BigInt(creditsToBaht(credits, perUnit));
        const transfers = await repo.postedTransfers(db, slot.code, span.from, span.to);
        const bookings = await repo.resultBookings(db, slot.code, day.from, day.to);
        const earliest = bookings.reduce((min, booking) => Math.min(min, booking.previous_at?.getTime() ?? min), span.from.getTime());
        const historyFrom = new Date(Math.max(earliest, day.from.getTime() - RESULTS_LOOKBACK_MS));
        const history = await provider.history(slot.code, historyFrom, span.to);
        const currencyOf = new Map(transfers.map((transfer) => [transfer.username, transfer.currency]));
        for (const booking of bookings) currencyOf.set(booking.username, booking.currency);

        for (const transfer of transfers) {
          ours.push({
            ref: transfer.id,
            matchRef: transfer.id,
            kind: TRANSFER_KIND[transfer.direction],
            currency: transfer.currency,
            amount: transfer.amount,
            at: transfer.created_at,
            memberId: transfer.member_id,
            outsideDay: span.outsideDay(transfer.created_at),
            detail: { slot: slot.code, username: transfer.username },
          });
        }
        for (const line of history) {
          if (line.status !== 'success' || (line.type !== 'deposit' && line.type !== 'withdraw') || line.at < span.from) continue;
          theirs.push({
            ref: line.txId,
            matchRef: line.txId,
            kind: TRANSFER_KIND[line.type],
            currency: currencyOf.get(line.username) ?? '',
            amount: toMoney(line.credits),
            at: line.at,
            outsideDay: span.outsideDay(line.at),
            detail: { slot: slot.code, username: line.username },
          });
        }
        theirs.push(...roundsPerBooking(slot.code, bookings, history, toMoney));
        for (const booking of bookings) {
          ours.push({
            ref: `results:${slot.code}:${booking.username}:${booking.at.toISOString()}`,
            matchRef: `${slot.code}:${booking.username}:${booking.at.toISOString()}`,
            kind: 'results',
            currency: booking.currency,
            amount: booking.amount,
            at: booking.at,
            memberId: booking.member_id,
            detail: { slot: slot.code, username: booking.username },
          });
        }
      }
      return { ours, theirs };
    },
  };
}

/** For each of our bookings, the provider's rounds for that player between the booking before it and this one. */
function roundsPerBooking(code: string, bookings: repo.ResultBooking[], history: ProviderHistoryLine[], toMoney: (credits: ProviderCredits) => bigint): Entry[] {
  const rounds = new Map<string, ProviderHistoryLine[]>();
  for (const line of history) {
    if (line.status !== 'success' || (line.type !== 'bet' && line.type !== 'win')) continue;
    rounds.set(line.username, [...(rounds.get(line.username) ?? []), line]);
  }
  return bookings.map((booking) => {
    const since = booking.previous_at?.getTime() ?? -Infinity;
    let credits = 0n;
    let count = 0;
    for (const line of rounds.get(booking.username) ?? []) {
      const at = line.at.getTime();
      if (at <= since || at > booking.at.getTime()) continue;
      credits += line.type === 'win' ? BigInt(line.credits) : -BigInt(line.credits);
      count += 1;
    }
    const amount = credits < 0n ? -toMoney((-credits) as ProviderCredits) : toMoney(credits as ProviderCredits);
    return {
      ref: `rounds:${code}:${booking.username}:${booking.at.toISOString()}`,
      matchRef: `${code}:${booking.username}:${booking.at.toISOString()}`,
      kind: 'results',
      currency: booking.currency,
      amount,
      at: booking.at,
      memberId: booking.member_id,
      detail: { slot: code, username: booking.username, rounds: count },
    };
  });
}
