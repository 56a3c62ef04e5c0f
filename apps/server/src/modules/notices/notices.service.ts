import crypto from 'node:crypto';
import { type CurrencyCode, NOTICE_GROUP_OF, type NoticeChannelChoices, type NoticeSettings, SAMPLE_NOTICE_AMOUNT, type SiteProfile, isServiceGroup } from '@wallet/contract';
import { Counter, Histogram } from 'prom-client';
import type { Db } from '../../db/database.js';
import { notFound } from '../../errors.js';
import type { AuditActor, AuditTrail } from '../audit/audit-writer.js';
import { type Metrics, WAIT_BUCKETS } from '../../metrics.js';
import { CHANNELS, ChannelError, type ChannelName, type NoticeChannel, type NoticeFacts, type NoticeKind, type RenderedNotice } from './channel.js';
import { type NoticeTemplates, type TemplatesInForce, templateKey } from './notice-templates.js';
import { NOTICE_PATHS, noticeTellsAmount, noticeText } from './notice-texts.js';
import * as repo from './notices.repository.js';
import { DEFAULT_CHANNELS, channelsFor, quietUntil, retryWaitSeconds, suppression } from './notices.rules.js';

/** Longer than a channel's call may take: another node takes a notice over only once its sender is surely gone. */
const LEASE_SECONDS = 30;
const BATCH = 50;
/** Notices sent at once by one node; each waits on its channel's HTTP call. */
const SENDERS = 8;

const startOfSecond = (at: Date) => new Date(Math.floor(at.getTime() / 1000) * 1000);

export interface NoticeEvent {
  memberId: bigint;
  kind: NoticeKind;
  /** The event told of ('deposit:<id>'): one notice per event, however often it is written. */
  eventKey: string;
  facts?: NoticeFacts;
  /** Sent no sooner than this: a support reply waits, in case the member reads it in the app meanwhile. */
  dueInSeconds?: number;
  /** The operator who sent it as a test from the console. */
  testBy?: string;
}

/** The title, body and path a kind's notice is written with, from its facts (a campaign's own texts), or null for the kind's usual texts. */
export type NoticeTextSource = (db: Db, notice: { facts: NoticeFacts; language: RenderedNotice['language'] }) => Promise<Pick<RenderedNotice, 'title' | 'body' | 'path'> | null>;

/** The notices of what happens by time (a break ending, a prize about to expire), as of `now`; each keyed so a later run writes it no more. */
export type TimedNoticeSource = (db: Db, now: Date) => Promise<NoticeEvent[]>;

/** Why a notice no longer needs sending (the member saw it in the app), or null. */
export type StaleCheck = (db: Db, notice: { memberId: bigint; facts: NoticeFacts }) => Promise<string | null>;

interface Logger {
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
}

/**
 * The outbox of notices (what members are told when the app is closed). `write` runs in the
 * event's own transaction, so a notice exists exactly when its event does; `work`, on every node,
 * claims due notices (SKIP LOCKED, with a lease), sends each through the member's channels in turn,
 * retrying a failing channel before giving up to the next, and records every try. A node dying
 * mid-send leaves the claim to lapse: the notice is sent again under the same id, which channels
 * that can deduplicate are given.
 */
export function createNoticeService(deps: {
  db: Db;
  now: () => Date;
  site: Pick<SiteProfile, 'timeZone' | 'defaultLanguage'>;
  metrics: Metrics;
  log: Logger;
  /** The member's wallet currency: a notice's amount is in it unless the event said otherwise. */
  currencyOf: (db: Db, memberId: bigint) => Promise<CurrencyCode>;
  /** Whether a break or a self-exclusion is in force for the member. */
  restricted: (db: Db, memberId: bigint) => Promise<boolean>;
  /** Whether the member exists: a test notice is written only for one. */
  memberExists: (db: Db, memberId: bigint) => Promise<boolean>;
  /** The operator's texts, which override the built-in ones when a notice is sent. */
  templates: Pick<NoticeTemplates, 'inForce'>;
  auditTrail: AuditTrail;
  /** Offers sent per second on each channel, across every node (service messages are not counted). */
  offersPerSecond: Partial<Record<ChannelName, number>>;
}) {
  const { db, now } = deps;
  const channels = new Map<ChannelName, NoticeChannel>();
  const staleChecks = new Map<NoticeKind, StaleCheck>();
  const textSources = new Map<NoticeKind, NoticeTextSource>();
  const timedSources = new Map<string, TimedNoticeSource>();
  const attempts = new Counter({
    name: 'wallet_notice_attempts_total',
    help: 'Tries to send a notice, by channel and outcome (sent, failed, unreachable).',
    labelNames: ['channel', 'outcome'] as const,
    registers: [deps.metrics],
  });
  const finished = new Counter({
    name: 'wallet_notices_finished_total',
    help: 'Notices by what became of them: sent, suppressed (preferences, protection), undelivered (no channel took it).',
    labelNames: ['state'] as const,
    registers: [deps.metrics],
  });
  const delay = new Histogram({
    name: 'wallet_notice_delay_seconds',
    help: 'From the event to the channel taking its notice, by channel.',
    labelNames: ['channel'] as const,
    buckets: WAIT_BUCKETS,
    registers: [deps.metrics],
  });

  async function settingsOf(memberId: bigint): Promise<Omit<NoticeSettings, 'language'> & { language: RenderedNotice['language'] }> {
    const row = await repo.settingsOf(db, memberId);
    if (!row) return { language: deps.site.defaultLanguage as RenderedNotice['language'], channels: DEFAULT_CHANNELS, quietFrom: 0, quietTo: 0 };
    return { language: row.language, channels: { ...DEFAULT_CHANNELS, ...row.channels }, quietFrom: row.quiet_from, quietTo: row.quiet_to };
  }

  async function attempt(notice: repo.ClaimedNotice, channel: ChannelName, outcome: 'sent' | 'failed' | 'unreachable', detail: string | null) {
    attempts.inc({ channel, outcome });
    await repo.recordAttempt(db, { noticeId: notice.id, channel, outcome, detail }, now());
  }

  async function end(notice: repo.ClaimedNotice, state: 'suppressed' | 'undelivered', givenUp: ChannelName[], outcome: string) {
    finished.inc({ state });
    await repo.finish(db, notice, { state, channel: null, givenUp, outcome }, now());
  }

  /** The channel took the notice: the try and the notice's end are written together. */
  async function sent(notice: repo.ClaimedNotice, channel: ChannelName, givenUp: ChannelName[]) {
    attempts.inc({ channel, outcome: 'sent' });
    finished.inc({ state: 'sent' });
    delay.observe({ channel }, Math.max(0, now().getTime() - notice.created_at.getTime()) / 1000);
    await repo.finishWithAttempt(db, notice, { noticeId: notice.id, channel, outcome: 'sent', detail: null }, { state: 'sent', channel, givenUp, outcome: null }, now());
  }

  /** The event's notice, in the caller's transaction; whether it was written now (not already, for the same event). */
  function insert(trx: Db, event: NoticeEvent): Promise<boolean> {
    const at = now();
    const dueAt = new Date(at.getTime() + (event.dueInSeconds ?? 0) * 1000);
    return repo.insertNotice(trx, { id: crypto.randomUUID(), memberId: event.memberId, kind: event.kind, eventKey: event.eventKey, facts: event.facts ?? {}, dueAt, testBy: event.testBy ?? null }, at);
  }

  async function deliver(notice: repo.ClaimedNotice, templates: TemplatesInForce): Promise<void> {
    const group = NOTICE_GROUP_OF[notice.kind];
    const settings = await settingsOf(notice.member_id);
    const stale = (await staleChecks.get(notice.kind)?.(db, { memberId: notice.member_id, facts: notice.facts })) ?? null;
    const why = stale ?? suppression(group, { restricted: !isServiceGroup(group) && (await deps.restricted(db, notice.member_id)), consented: settings.channels.offers.length > 0 });
    if (why) return end(notice, 'suppressed', [...notice.given_up], why);
    if (!isServiceGroup(group)) {
      const until = quietUntil(now(), { from: settings.quietFrom, to: settings.quietTo }, deps.site.timeZone);
      if (until) return repo.reschedule(db, notice, { channel: notice.channel, givenUp: [...notice.given_up], tries: notice.tries_on_channel, dueAt: until });
    }
    const givenUp = [...notice.given_up];
    const chosen = channelsFor(group, settings.channels);
    // The member asked for silence on this kind of notice.
    if (chosen.length === 0) return end(notice, 'suppressed', givenUp, 'muted');
    let tries = notice.tries_on_channel;
    const facts = notice.facts.amount && !notice.facts.currency ? { ...notice.facts, currency: await deps.currencyOf(db, notice.member_id) } : notice.facts;
    const text = (await textSources.get(notice.kind)?.(db, { facts, language: settings.language })) ?? { ...noticeText(notice.kind, settings.language, facts, templates.get(templateKey(notice.kind, settings.language))), path: NOTICE_PATHS[notice.kind] };
    const rendered: RenderedNotice = {
      id: notice.id,
      memberId: notice.member_id,
      kind: notice.kind,
      language: settings.language,
      title: text.title,
      body: text.body,
      ...(facts.amount ? { amount: { minor: BigInt(facts.amount), currency: facts.currency === 'LAK' ? 'LAK' : 'THB' } } : {}),
      path: text.path,
      service: isServiceGroup(group),
    };
    for (const name of chosen) {
      if (givenUp.includes(name)) continue;
      if (name !== notice.channel) tries = 0;
      const channel = channels.get(name);
      if (!channel || !(await channel.reachable(db, notice.member_id))) {
        givenUp.push(name);
        continue;
      }
      // Offers go out at the channel's rate, counted for every node; one over it waits for the next second.
      if (!rendered.service && !(await repo.takeRateSlot(db, name, startOfSecond(now()), deps.offersPerSecond[name] ?? 1))) {
        return repo.reschedule(db, notice, { channel: name, givenUp, tries, dueAt: new Date(startOfSecond(now()).getTime() + 1000) });
      }
      try {
        const outcome = await channel.send(db, rendered);
        if (outcome.status === 'sent') return sent(notice, name, givenUp);
        await attempt(notice, name, 'unreachable', outcome.why);
      } catch (error) {
        // Anything but a ChannelError is ours (a bug, the database): tried again like a busy channel.
        const failure = error instanceof ChannelError ? error : new ChannelError((error as Error).message, true);
        await attempt(notice, name, 'failed', failure.message);
        const wait = failure.retryable ? retryWaitSeconds(tries + 1, failure.retryAfterSeconds) : null;
        if (wait !== null) return repo.reschedule(db, notice, { channel: name, givenUp, tries: tries + 1, dueAt: new Date(now().getTime() + wait * 1000) });
        deps.log.warn({ err: failure, noticeId: notice.id, channel: name }, 'notice channel given up, trying the next');
      }
      givenUp.push(name);
    }
    return end(notice, 'undelivered', givenUp, 'no_channel');
  }

  return {
    /** A channel the worker sends through (LINE, web push, SMS), registered by its module. */
    addChannel(channel: NoticeChannel): void {
      channels.set(channel.name, channel);
    },

    /** Where this kind's notices take their texts from instead of the usual ones (a campaign's offer). */
    addTextSource(kind: NoticeKind, source: NoticeTextSource): void {
      textSources.set(kind, source);
    },

    /** A source of notices that happen by time, asked at every reconciler run (`writeTimed`). */
    addTimedSource(name: string, source: TimedNoticeSource): void {
      timedSources.set(name, source);
    },

    /** Writes what the timed sources have to tell now: each notice once, however many runs or nodes ask. The count per source. */
    async writeTimed(): Promise<Record<string, number>> {
      const written: Record<string, number> = {};
      for (const [name, source] of timedSources) {
        const events = await source(db, now());
        for (const event of events) await this.write(db, event);
        written[name] = events.length;
      }
      return written;
    },

    /** A check, before each notice of this kind is sent, that it still needs sending. */
    addStaleCheck(kind: NoticeKind, check: StaleCheck): void {
      staleChecks.set(kind, check);
    },

    /** Writes the event's notice in the event's own transaction: rolled back with it, never written twice. */
    async write(trx: Db, event: NoticeEvent): Promise<void> {
      await insert(trx, event);
    },

    /**
     * A test notice of `kind` to one member, from the console: written to the outbox like any notice
     * (a sample amount in the member's currency for the kinds that tell one), so it goes through the
     * member's own channels, choices, quiet hours and protection, and shows in their history as a
     * test. One per operator's intent: the same `intentKey` again (a double click, a retry) answers
     * the notice already written, audited once. Answers the notice's id.
     */
    async sendTest(operator: AuditActor, memberId: bigint, kind: NoticeKind, intentKey: string | null): Promise<string> {
      const eventKey = `test:${memberId}:${operator.username}:${intentKey ?? crypto.randomUUID()}`;
      return db.transaction().execute(async (trx) => {
        if (!(await deps.memberExists(trx, memberId))) throw notFound('NO_USER');
        const currency = await deps.currencyOf(trx, memberId);
        const facts: NoticeFacts = noticeTellsAmount(kind) ? { amount: String(SAMPLE_NOTICE_AMOUNT[currency]), currency } : {};
        const written = await insert(trx, { memberId, kind, eventKey, facts, testBy: operator.username });
        const noticeId = await repo.noticeIdOf(trx, eventKey);
        if (written) await deps.auditTrail.record(trx, operator, 'notice.test', { memberId: String(memberId), kind, noticeId });
        return noticeId;
      });
    },

    /** Writes many events' notices in one statement, in the caller's transaction; those already written are skipped. The count written. */
    async writeMany(trx: Db, events: readonly NoticeEvent[]): Promise<number> {
      const at = now();
      return repo.insertNotices(
        trx,
        events.map((event) => ({ id: crypto.randomUUID(), memberId: event.memberId, kind: event.kind, eventKey: event.eventKey, facts: event.facts ?? {}, dueAt: new Date(at.getTime() + (event.dueInSeconds ?? 0) * 1000), testBy: event.testBy ?? null })),
        at,
      );
    },

    /** Forgets the offer counts of seconds long past. */
    forgetRateSecondsBefore(before: Date): Promise<number> {
      return repo.forgetRateSecondsBefore(db, before);
    },

    /** One pass of the worker: claims what is due and sends it; the count of notices handled. */
    async work(): Promise<number> {
      const claimed = await repo.claimDue(db, BATCH, LEASE_SECONDS, now());
      if (claimed.length === 0) return 0;
      // Read once a pass: an operator's edit reaches every node's next pass.
      const templates = await deps.templates.inForce();
      let next = 0;
      const sender = async () => {
        while (next < claimed.length) {
          const notice = claimed[next++]!;
          await deliver(notice, templates).catch((error: unknown) => deps.log.error({ err: error, noticeId: notice.id }, 'notice not handled; tried again once its claim lapses'));
        }
      };
      await Promise.all(Array.from({ length: Math.min(SENDERS, claimed.length) }, sender));
      return claimed.length;
    },

    /** Passes until nothing more is due: a burst of events is sent without waiting for the next interval. */
    async drain(): Promise<number> {
      let total = 0;
      for (;;) {
        const handled = await this.work();
        total += handled;
        if (handled < BATCH) return total;
      }
    },

    async settings(memberId: bigint) {
      const settings = await settingsOf(memberId);
      const reachable = { line: false, push: false, sms: false };
      for (const [name, channel] of channels) reachable[name] = await channel.reachable(db, memberId);
      return { ...settings, reachable };
    },

    async saveSettings(memberId: bigint, settings: NoticeSettings): Promise<void> {
      const unique = (list: ChannelName[]) => [...new Set(list)];
      const channelsChosen: NoticeChannelChoices = { money: unique(settings.channels.money), support: unique(settings.channels.support), account: unique(settings.channels.account), offers: unique(settings.channels.offers) };
      await repo.saveSettings(db, memberId, { ...settings, channels: channelsChosen }, now());
    },

    /** The dashboard's figures over the last `hours`: what became of the notices, each channel's tries and delays. */
    async figures(hours = 24) {
      const { states, tries, delays } = await repo.figuresSince(db, new Date(now().getTime() - hours * 3_600_000));
      const inState = (state: string) => Number(states.find((row) => row.state === state)?.count ?? 0);
      const triesOf = (channel: ChannelName, outcome: string) => Number(tries.find((row) => row.channel === channel && row.outcome === outcome)?.count ?? 0);
      const seconds = (value: number | string | null | undefined) => (value === null || value === undefined ? null : Math.round(Number(value) * 100) / 100);
      return {
        hours,
        written: states.reduce((total, row) => total + Number(row.count), 0),
        sent: inState('sent'),
        suppressed: inState('suppressed'),
        undelivered: inState('undelivered'),
        pending: inState('pending'),
        sentWithin30Seconds: Number(states.find((row) => row.state === 'sent')?.within ?? 0),
        channels: CHANNELS.map((channel) => {
          const delay = delays.find((row) => row.channel === channel);
          return { channel, sent: triesOf(channel, 'sent'), failed: triesOf(channel, 'failed'), unreachable: triesOf(channel, 'unreachable'), medianSeconds: seconds(delay?.median), p95Seconds: seconds(delay?.p95) };
        }),
      };
    },

    /** The member's notices, newest first, with every try: for the console's member page. */
    async history(memberId: bigint) {
      const notices = await repo.historyOf(db, memberId);
      const tries = await repo.attemptsOf(db, notices.map((notice) => notice.id));
      return notices.map((notice) => ({
        id: notice.id,
        kind: notice.kind,
        state: notice.state,
        channel: notice.channel,
        outcome: notice.outcome,
        createdAt: notice.created_at.toISOString(),
        finishedAt: notice.finished_at?.toISOString() ?? null,
        testBy: notice.test_by,
        attempts: tries.filter((row) => row.notice_id === notice.id).map((row) => ({ channel: row.channel, outcome: row.outcome, detail: row.detail, at: row.at.toISOString() })),
      }));
    },
  };
}

export type NoticeService = ReturnType<typeof createNoticeService>;
