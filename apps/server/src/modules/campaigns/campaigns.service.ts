import QuickLRU from 'quick-lru';
import type { CampaignLanguage, CampaignSegment, OfferCampaignBody, OfferCampaignItem } from '@wallet/contract';
import type { Db } from '../../db/database.js';
import { notFound } from '../../errors.js';
import type { AdminContext } from '../../http/context.js';
import type { AuditTrail } from '../audit/audit-writer.js';
import type { NoticeService } from '../notices/notices.service.js';
import * as repo from './campaigns.repository.js';
import { dueInSeconds, textFor } from './campaigns.rules.js';

/** Members written per transaction: one multi-row insert of notices and the campaign's progress. */
const BATCH = 500;
/** A send with nothing written for this long lost its node: the reconciler resumes it. */
const STALLED_AFTER_MS = 60_000;

const eventKey = (campaignId: string, memberId: bigint) => `campaign:${campaignId}:${memberId}`;

/**
 * Offer campaigns: an operator chooses members by a segment, writes the offer in each language
 * and sends it. Sending writes one `offer` notice per member matched into the notices outbox
 * (keyed `campaign:<id>:<member>`), in batches; the worker applies consent, quiet hours,
 * protection and each channel's rate when it sends them, and renders them from the campaign's texts.
 */
export function createCampaignService(deps: {
  db: Db;
  now: () => Date;
  siteLanguage: CampaignLanguage;
  auditTrail: AuditTrail;
  notices: Pick<NoticeService, 'writeMany'>;
  /** Offers per second all channels together can take: the spreading of a campaign's notices. */
  offersPerSecond: number;
}) {
  const { db, now } = deps;
  /** A campaign's texts never change once it is written: kept for the worker, which renders every notice from them (the recent campaigns'). */
  const textCache = new QuickLRU<string, NonNullable<Awaited<ReturnType<typeof repo.textsOf>>>>({ maxSize: 250 });

  async function itemsOf(rows: repo.CampaignRow[]): Promise<OfferCampaignItem[]> {
    const states = await repo.noticeStates(
      db,
      rows.map((row) => row.id),
    );
    return rows.map((row) => {
      const count = (state: string) => Number(states.find((each) => each.campaign === row.id && each.state === state)?.count ?? 0);
      const notices = { pending: count('pending'), sent: count('sent'), suppressed: count('suppressed'), undelivered: count('undelivered') };
      return {
        _id: row.id,
        name: row.name,
        segment: row.segment,
        texts: row.texts,
        path: row.path,
        status: row.status,
        createdBy: row.created_by,
        createdAt: row.created_at.toISOString(),
        sentBy: row.sent_by,
        sentAt: row.sent_at?.toISOString() ?? null,
        matched: row.matched,
        notices: { written: notices.pending + notices.sent + notices.suppressed + notices.undelivered, ...notices },
      };
    });
  }

  async function item(id: string): Promise<OfferCampaignItem> {
    const row = await repo.findCampaign(db, id);
    if (!row) throw notFound('NO_DATA');
    return (await itemsOf([row]))[0]!;
  }

  /**
   * Writes the campaign's notices after the last member written, a batch per transaction under the
   * campaign's lock, until the segment is exhausted. Two writers (a resume beside a live send) take
   * turns and never write a member twice: the cursor moves in the batch's own transaction, and the
   * event keys are unique besides.
   */
  async function writeNotices(id: string): Promise<void> {
    const startedAt = now();
    let reachableSoFar = 0;
    for (;;) {
      const finished = await db.transaction().execute(async (trx) => {
        const campaign = await repo.lockCampaign(trx, id);
        if (!campaign || campaign.status !== 'sending') return true;
        const batch = await repo.segmentBatch(trx, campaign.segment, campaign.written_through ?? 0n, BATCH, now(), deps.siteLanguage);
        if (batch.length === 0) {
          await repo.markSent(trx, id, now());
          return true;
        }
        // Due times count from the send's start, whatever the batches took since.
        const elapsedSeconds = Math.floor((now().getTime() - startedAt.getTime()) / 1000);
        const events = batch.map((member) => ({
          memberId: member.id,
          kind: 'offer' as const,
          eventKey: eventKey(id, member.id),
          facts: { campaign: id },
          // Those the offer cannot reach are due now: the worker records them suppressed at once.
          dueInSeconds: member.reachable ? Math.max(0, dueInSeconds(reachableSoFar++, deps.offersPerSecond) - elapsedSeconds) : 0,
        }));
        await deps.notices.writeMany(trx, events);
        await repo.recordBatch(trx, id, { members: batch.length, lastMemberId: batch[batch.length - 1]!.id }, now());
        return false;
      });
      if (finished) return;
    }
  }

  return {
    /** The console's forecast: members matched, and those of them an offer can reach now. */
    segmentCounts(segment: CampaignSegment) {
      return repo.segmentCounts(db, segment, now(), deps.siteLanguage);
    },

    /**
     * Writes the campaign as a draft under the id the console chose: the same call again (a double
     * click, a retry) answers the campaign as first written.
     */
    async create(actor: AdminContext, id: string, body: OfferCampaignBody): Promise<OfferCampaignItem> {
      await db.transaction().execute(async (trx) => {
        const written = await repo.insertCampaign(trx, { id, name: body.name, segment: body.segment, texts: body.texts, path: body.path, createdBy: actor.username }, now());
        if (written) await deps.auditTrail.record(trx, actor, 'notice_campaign.create', { id, name: body.name, segment: body.segment, path: body.path });
      });
      return item(id);
    },

    /**
     * Sends the campaign once: the first call marks it sending (audited, under its lock) and writes
     * its notices; any other call, at once or later, answers it as it stands.
     */
    async send(actor: AdminContext, id: string): Promise<OfferCampaignItem> {
      const started = await db.transaction().execute(async (trx) => {
        const campaign = await repo.lockCampaign(trx, id);
        if (!campaign) throw notFound('NO_DATA');
        if (campaign.status !== 'draft') return false;
        const forecast = await repo.segmentCounts(trx, campaign.segment, now(), deps.siteLanguage);
        await repo.markSending(trx, id, actor.username, now());
        await deps.auditTrail.record(trx, actor, 'notice_campaign.send', { id, name: campaign.name, ...forecast });
        return true;
      });
      if (started) await writeNotices(id);
      return item(id);
    },

    async list(page: number, limit: number) {
      const { rows, total } = await repo.listCampaigns(db, page, limit);
      return { total, totalCapped: false, campaigns: await itemsOf(rows) };
    },

    /** The title, body and path of a campaign's notice in the member's language (for the notices worker). */
    async textOf(campaignId: string, language: CampaignLanguage) {
      let stored = textCache.get(campaignId);
      if (!stored) {
        stored = await repo.textsOf(db, campaignId);
        if (stored) textCache.set(campaignId, stored);
      }
      if (!stored) return null;
      const text = textFor(stored.texts, language, deps.siteLanguage);
      return text ? { ...text, path: stored.path } : null;
    },

    /** Resumes sends whose node died mid-way (a reconciler sweep). */
    async resumeStalled(): Promise<number> {
      const stalled = await repo.stalledSends(db, new Date(now().getTime() - STALLED_AFTER_MS));
      for (const id of stalled) await writeNotices(id);
      return stalled.length;
    },
  };
}

export type CampaignService = ReturnType<typeof createCampaignService>;
