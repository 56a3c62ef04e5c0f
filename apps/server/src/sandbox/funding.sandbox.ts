import crypto from 'node:crypto';
import { z } from 'zod';
import { toMinor } from '@wallet/contract';
import type { Db } from '../db/database.js';
import type { App } from '../http/types.js';
import type { Members } from '../modules/account/members.js';
import { accounts } from '../modules/ledger/accounts.js';
import type { Ledger } from '../modules/ledger/ledger.service.js';

/**
 * Tester call (sandbox only): credits a member's wallet with an operator adjustment posted
 * through the ledger, so demos and journeys start with money that is accounted for.
 */
export function registerFundingSandbox(app: App, db: Db, ledger: Ledger, members: Pick<Members, 'findByPhone'>): void {
  app.post(
    '/sandbox/wallet/credit',
    { schema: { hide: true, body: z.object({ phone: z.string().min(8).max(15), amount: z.number().positive().max(1_000_000) }) } },
    async (request, reply) => {
      const amount = toMinor(request.body.amount);
      const member = await members.findByPhone(db, request.body.phone);
      if (!member || amount === null) return reply.status(400).send({ message: 'KEY_INVALID' });
      await ledger.post({
        key: `sandbox-credit:${crypto.randomUUID()}`,
        from: accounts.adjustments(),
        to: accounts.wallet(member.id),
        amount,
        kind: 'adjustment',
        reference: 'sandbox credit',
      });
      return { message: 'SUCCESS' };
    },
  );
}
