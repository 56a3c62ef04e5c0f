import { walletCurrencyOf } from '@wallet/contract';
import { createHttpWebPush, webPushVapid } from '../../adapters/web-push.js';
import type { Core } from '../../core.js';
import type { Members } from '../account/members.js';
import type { ChatService } from '../chat/chat.service.js';
import type { ConditionService } from '../conditions/conditions.service.js';
import type { DepositCredit } from '../deposit/deposit-credit.js';
import type { ProtectionService } from '../protection/protection.service.js';
import { scheduleEvery } from '../reconcile/reconciler.js';
import type { OnDecided } from '../withdraw/withdrawal-decisions.js';
import { openNotices } from './notices.repository.js';
import { registerNoticeRoutes } from './notices.routes.js';
import { type NoticeEvent, createNoticeService } from './notices.service.js';
import { createNoticeTemplates } from './notice-templates.js';
import { createPushChannel } from './push.channel.js';
import { createPushSubscriptions } from './push-subscriptions.js';
import { createSmsChannel } from './sms.channel.js';

/** How far back each run looks for breaks that ended and limits that took effect. */
const TIMED_NOTICES_LOOKBACK_MS = 60 * 60_000;
/** How long a support reply waits for the member to read it in the app before they are told elsewhere. */
const SUPPORT_REPLY_WAIT_SECONDS = 60;

/**
 * Notices: members are told of their money and support when the app is closed, through LINE, web
 * push and SMS. Each event writes its notice in its own transaction (the outbox); a worker on every
 * node sends them.
 */
export function registerNoticeModule(
  core: Pick<Core, 'app' | 'db' | 'now' | 'site' | 'metrics' | 'config' | 'sms' | 'openIntents' | 'ownAddress' | 'jobs' | 'auditTrail'>,
  uses: {
    members: Pick<Members, 'find' | 'registered'>;
    credit: Pick<DepositCredit, 'onCredited'>;
    withdrawals: { onDecided(handler: OnDecided): void };
    protection: Pick<ProtectionService, 'restriction' | 'endedOrInForceBetween'>;
    support: Pick<ChatService, 'onAgentReply' | 'replySeen'>;
    conditions: Pick<ConditionService, 'onReached'>;
  },
) {
  const { app, db, config } = core;
  const templates = createNoticeTemplates(core);
  const notices = createNoticeService({
    ...core,
    templates,
    memberExists: async (trx, memberId) => (await uses.members.registered(trx, memberId)) !== undefined,
    log: app.log,
    currencyOf: async (trx, memberId) => walletCurrencyOf((await uses.members.registered(trx, memberId))?.currency ?? 'THB'),
    restricted: async (trx, memberId) => (await uses.protection.restriction(trx, memberId)) !== null,
    offersPerSecond: config.notices.offersPerSecond,
  });
  const vapid = webPushVapid(config);
  if (vapid) notices.addChannel(createPushChannel(createHttpWebPush({ vapid, timeoutMs: config.webPush.timeoutMs })));
  else app.log.warn('web push is not configured (WEB_PUSH_VAPID_*): notices go through the other channels');
  notices.addChannel(createSmsChannel(core.sms, uses.members));
  const push = createPushSubscriptions({ db, now: core.now, publicKey: vapid?.publicKey ?? null, sandboxOrigin: config.sandboxes ? () => new URL(core.ownAddress()).origin : null });
  registerNoticeRoutes(app, notices, push, templates);

  uses.credit.onCredited((trx, deposit) =>
    notices.write(trx, { memberId: deposit.memberId, kind: 'deposit_credited', eventKey: `deposit:${deposit.depositId}`, facts: { amount: String(deposit.amount) } }),
  );
  uses.withdrawals.onDecided((trx, withdrawal) =>
    notices.write(trx, {
      memberId: withdrawal.member_id,
      kind: withdrawal.status === 'SUCCESS' ? 'withdrawal_paid' : 'withdrawal_refused',
      eventKey: `withdrawal:${withdrawal.id}`,
      facts: { amount: String(withdrawal.amount), currency: withdrawal.currency, ...(withdrawal.reason ? { reason: withdrawal.reason } : {}) },
    }),
  );
  // One notice for the replies since the member last read: a burst of messages is one notice, sent
  // only if the member has not read the first of them in the app within the minute.
  uses.support.onAgentReply((trx, reply) =>
    notices.write(trx, {
      memberId: reply.memberId,
      kind: 'support_reply',
      eventKey: `support:${reply.conversationId}:${reply.readSeq}`,
      facts: { conversation: reply.conversationId, seq: String(reply.seq) },
      dueInSeconds: SUPPORT_REPLY_WAIT_SECONDS,
    }),
  );
  // A condition's target reached, by game results or by the withdrawal that completes it: told once
  // per condition, in that transaction. An offer: sent only with the member's consent, never under a
  // break or a self-exclusion (ADR 0416).
  uses.conditions.onReached((trx, reached) => notices.write(trx, { memberId: reached.memberId, kind: 'bonus_reached', eventKey: `bonus_reached:${reached.conditionId}` }));
  notices.addStaleCheck('support_reply', async (trx, notice) =>
    notice.facts.conversation && notice.facts.seq && (await uses.support.replySeen(trx, notice.facts.conversation, Number(notice.facts.seq))) ? 'seen_in_app' : null,
  );
  // Breaks ending and raised limits taking effect happen by time: each reconciler run tells of those
  // of the last hour (a run missed or a node down meanwhile loses none; each is told once, by its key).
  notices.addTimedSource('protection', async (trx, to) => {
    const { breaks, raises } = await uses.protection.endedOrInForceBetween(new Date(to.getTime() - TIMED_NOTICES_LOOKBACK_MS), to);
    return [
      ...breaks.map((ended): NoticeEvent => ({ memberId: ended.member_id, kind: 'break_ended', eventKey: `break:${ended.id}` })),
      ...raises.map((raise): NoticeEvent => ({ memberId: raise.member_id, kind: 'limit_raised', eventKey: `limit:${raise.id}` })),
    ];
  });
  core.jobs.timedNotices = () => notices.writeTimed();
  // The per-second offer counts matter for a second: each run drops those older than a minute.
  core.jobs.noticeRateSeconds = async () => ({ forgotten: await notices.forgetRateSecondsBefore(new Date(core.now().getTime() - 60_000)) });
  core.openIntents.notice = () => openNotices(db);
  scheduleEvery(app, 'notices', () => notices.drain(), config.notices.intervalMs);
  return { notices };
}
