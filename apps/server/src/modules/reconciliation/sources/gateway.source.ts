import { CURRENCY_CODES, type CurrencyCode } from '@wallet/contract';
import type { PaymentGateway, SettlementReport } from '../../../adapters/payment-gateway.js';
import type { Db } from '../../../db/database.js';
import type { Entry } from '../matcher.js';
import { type GamingDay, type ReconciliationSource, withWindow } from '../source.js';
import * as repo from './gateway.repository.js';

/** The calendar date (YYYY-MM-DD) of an instant in a time zone. */
const dateIn = (at: Date, timeZone: string) => new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);

/**
 * The payment gateway's settlement report against the QR payments we credited (ADR 0357): one to
 * one on our reference (the QR's id, which the gateway carries on every line), the gross against
 * what we credited, the fee against the contract's rate. The reports of the neighbouring days come
 * too where the rule's window reaches into them, their lines marked outside the day.
 */
export function createGatewaySource(deps: {
  db: Db;
  gateway: Pick<PaymentGateway, 'settlementReport'>;
  /** The site's zone: the gateway is asked for its day in it, so its day is ours. */
  timeZone: string;
  /** The currencies the gateway settles for this site; both unless said. */
  currencies?: readonly CurrencyCode[];
}): ReconciliationSource {
  const currencies = deps.currencies ?? CURRENCY_CODES;
  return {
    name: 'gateway',
    async gather(day: GamingDay, rule) {
      const window = withWindow(day, rule);
      const dates = [...new Set([dateIn(window.from, deps.timeZone), day.day, dateIn(new Date(window.to.getTime() - 1), deps.timeZone)])].sort();
      const theirs: Entry[] = [];
      for (const currency of currencies) {
        for (const date of dates) {
          const report = await deps.gateway.settlementReport(date, { timeZone: deps.timeZone, currency });
          for (const line of report.lines) {
            if (line.paidAt < window.from || line.paidAt >= window.to) continue;
            const refund = line.type === 'refund';
            theirs.push({
              ref: refund ? `refund:${line.gatewayRef}` : line.gatewayRef,
              matchRef: line.reference || line.gatewayRef,
              kind: line.type,
              currency: line.currency,
              // A refund's lines are negative on the report; the entry says which way by its kind.
              amount: refund ? -line.gross : line.gross,
              ...(refund ? {} : { fee: line.fee }),
              at: line.paidAt,
              outsideDay: window.outsideDay(line.paidAt),
              detail: { gatewayRef: line.gatewayRef, reference: line.reference, net: String(line.net), reportDate: date },
            });
          }
          if (date === day.day) {
            const unexplained = totalsCheck(report, day);
            if (unexplained) theirs.push(unexplained);
          }
        }
      }

      const credited = await repo.creditedGatewayDeposits(deps.db, window.from, window.to, currencies);
      const ours = credited.map(
        (row): Entry => ({
          ref: row.id,
          matchRef: row.qr_id ?? row.gateway_ref,
          kind: 'payment',
          currency: row.currency,
          amount: row.amount,
          at: row.created_at,
          memberId: row.member_id,
          outsideDay: window.outsideDay(row.created_at),
          detail: { gatewayRef: row.gateway_ref, method: row.method, reference: row.reference },
        }),
      );
      return { ours, theirs };
    },
  };
}

/**
 * Whether a report adds up: each line's net is its gross less its fee, and the stated totals are
 * the lines' sums. When not, one entry of its own (kind `settlement_totals`, matched by nothing, so
 * it is theirs only) for the net paid out beyond what the lines account for.
 */
function totalsCheck(report: SettlementReport, day: GamingDay): Entry | null {
  const sum = (pick: (line: SettlementReport['lines'][number]) => bigint) => report.lines.reduce((total, line) => total + pick(line), 0n);
  const gross = sum((line) => line.gross);
  const fees = sum((line) => line.fee);
  const stated = sum((line) => line.net);
  const accounted = gross - fees;
  const { totals } = report;
  if (totals.net === accounted && stated === accounted && totals.gross === gross && totals.fees === fees) return null;
  return {
    ref: `totals:${report.date}:${report.currency}`,
    matchRef: null,
    kind: 'settlement_totals',
    currency: report.currency,
    amount: totals.net - accounted,
    at: day.from,
    detail: {
      statedGross: String(totals.gross),
      statedFees: String(totals.fees),
      statedNet: String(totals.net),
      linesGross: String(gross),
      linesFees: String(fees),
      linesNet: String(stated),
      accountedNet: String(accounted),
    },
  };
}
