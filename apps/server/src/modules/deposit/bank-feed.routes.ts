import { assignBankCreditBody, bankAutoFiguresResponse, bankCreditsQuery, bankCreditsResponse, messageResponse, toMajor, type WaitingBankCredit } from '@wallet/contract';
import { z } from 'zod';
import { operator } from '../../http/auth.js';
import { failures } from '../../http/openapi.js';
import type { App } from '../../http/types.js';
import type { BankFeed } from './bank-feed.service.js';

const tags = ['admin'];

/** What the bank feed could not credit by itself, for finance: the first names the member, a second credits it. */
export function registerBankFeedRoutes(app: App, feed: BankFeed): void {
  const finance = { config: operator('admin', 'finance') };
  app.get('/api/admin/bank-credits', { ...finance, schema: { tags, querystring: bankCreditsQuery, response: { 200: bankCreditsResponse } } }, async (request) => {
    const [waiting, figures] = await Promise.all([feed.waiting(request.query.page, request.query.limit), feed.figures()]);
    return {
      figures,
      credits: waiting.map(({ row, candidates, assignable }): WaitingBankCredit => ({
        id: row.id,
        bankRef: row.bank_ref,
        amount: toMajor(row.amount),
        currency: row.currency,
        bookedAt: row.booked_at.getTime(),
        sender: { bank: row.sender_bank, account: row.sender_account, name: row.sender_name },
        batchCount: row.batch_count,
        reason: row.reason!,
        candidates: candidates.map((member) => ({ memberId: String(member.id), phone: member.phone, bank: member.bank_code, accountNo: member.bank_account_no, accountName: member.bank_account_name })),
        proposed: row.proposed_member_id !== null && row.proposed_by !== null ? { memberId: String(row.proposed_member_id), by: row.proposed_by } : null,
        assignable,
      })),
    };
  });
  app.get('/api/admin/bank-credits/figures', { ...finance, schema: { tags, response: { 200: bankAutoFiguresResponse } } }, () => feed.autoFigures());
  app.post(
    '/api/admin/bank-credits/:id/assign',
    { ...finance, schema: { tags, params: z.object({ id: z.uuid() }), body: assignBankCreditBody, response: { 200: messageResponse, ...failures(400, 403, 404, 409) } } },
    async (request) => ({ message: await feed.assign(request.params.id, BigInt(request.body.memberId), request.admin) }),
  );
}
