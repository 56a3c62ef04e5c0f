import { type CurrencyCode, type RiskDecision, toMajor, walletCurrencyOf } from '@wallet/contract';
import type { Db } from '../../db/database.js';
import { decideOnce } from '../../db/decide-once.js';
import { badRequest, businessRule, conflict, forbidden, notFound } from '../../errors.js';
import type { AuditActor, AuditTrail } from '../audit/audit-writer.js';
import type { SharedMembers } from '../links/links.service.js';
import * as cases from './risk.cases.repository.js';
import * as repo from './risk.repository.js';
import { type Movement, type Outcome, RELEASABLE_REVIEWS, RULES, type RiskInputs, type RuleAnswer, type RuleMode, type RuleParams, type RuleVersion, decide, inboxOf, ruleByCode } from './risk.rules.js';

/** A movement to decide, inside its transaction. */
export interface MovementToDecide {
  movement: Movement;
  memberId: bigint;
  amount: bigint;
  currency: CurrencyCode;
  /** Its row: the withdrawal, the deposit, the claim. */
  subject: string;
  /** When the movement's own row is written first (a deposit), left out of the history. */
  ownRowId?: string;
  invite?: { sharesWithInviter: boolean; loop: boolean };
}

export interface Decision {
  id: string;
  outcome: Outcome;
  answers: RuleAnswer[];
}

/** A movement a rule blocked: its transaction rolls back, and the decision is kept after it (`keepBlocked`). */
export class RiskBlocked extends Error {
  constructor(readonly record: Omit<Parameters<typeof repo.insertDecision>[1], 'caseId'>) {
    super('RISK_BLOCKED');
  }
}

type DecisionRow = NonNullable<Awaited<ReturnType<typeof repo.lockDecision>>>;

/** A stored decision as the console reads it (its inputs stay on the server: they name other members). */
export function toDecision(row: DecisionRow): RiskDecision {
  return {
    id: row.id,
    memberId: String(row.member_id),
    movement: row.movement,
    subject: row.subject,
    amount: toMajor(row.amount),
    currency: walletCurrencyOf(row.currency),
    outcome: row.outcome,
    rules: row.rules as RuleAnswer[],
    createdAt: row.created_at.toISOString(),
    caseId: row.case_id,
    releaseProposedBy: row.release_proposed_by,
    releasedBy: row.released_by,
    releasedAt: row.released_at ? new Date(row.released_at).toISOString() : null,
  };
}

const DRY_RUN_DAYS = 90;
const DRY_RUN_BATCH = 2_000;
const DRY_RUN_EXAMPLES = 20;

/** A decision as stored, read back to be taken again. */
interface StoredDecision {
  outcome: Outcome;
  inputs: RiskInputs;
  rules: RuleAnswer[];
}

/** The versions a stored decision used, from every version there is (keyed `code@version`). */
function versionsUsed(stored: StoredDecision, versions: Map<string, RuleVersion>): RuleVersion[] {
  return stored.rules.map((answer) => versions.get(`${answer.code}@${answer.version}`)!);
}

/** Movements that follow money that has arrived: never refused by rolling back (the deposit would go with them). */
const FOLLOWS_ARRIVED_MONEY: readonly Movement[] = ['deposit', 'invite'];
/** Movements whose answer depends on who else shares the member's browsers, addresses and accounts. */
const READS_LINKS: readonly Movement[] = ['withdrawal', 'reward', 'bank_account'];
/** On a reward claim, the other members who share a value count when they claimed a reward themselves within these days. */
const CLAIMING_DAYS = 30;

/** A rule's params as an operator may set them: the same keys as its defaults, each a number ≥ 0 (or one per currency). */
function checkParams(code: string, params: Record<string, unknown>): RuleParams {
  const definition = ruleByCode(code);
  if (!definition) throw notFound();
  const defaults = definition.defaults as Record<string, unknown>;
  const figure = (value: unknown) => typeof value === 'number' && Number.isFinite(value) && value >= 0;
  const checked: RuleParams = {};
  for (const [key, fallback] of Object.entries(defaults)) {
    const value = params[key] ?? fallback;
    const valid = typeof fallback === 'number' ? figure(value) : typeof value === 'object' && value !== null && Object.keys(fallback as object).every((currency) => figure((value as Record<string, unknown>)[currency]));
    if (!valid) throw badRequest('KEY_INVALID');
    checked[key] = typeof fallback === 'number' ? (value as number) : Object.fromEntries(Object.keys(fallback as object).map((currency) => [currency, (value as Record<string, number>)[currency] as number]));
  }
  if (Object.keys(params).some((key) => !(key in defaults))) throw badRequest('KEY_INVALID');
  return checked;
}

/**
 * The risk decision on money movements: every rule in force answers from the inputs gathered in the
 * movement's own transaction; the decision, its inputs and the rule versions are stored with it.
 */
export function createRiskService(deps: { db: Db; auditTrail: AuditTrail; links: { sharedMembers(trx: Db, memberId: bigint): Promise<SharedMembers> } }) {
  const { db } = deps;
  const allVersions = async () => new Map((await repo.allVersions(db)).map((version) => [`${version.code}@${version.version}`, version]));

  /** Of the members who share each value, how many claimed a reward themselves lately. */
  async function claimingAmong(trx: Db, members: SharedMembers): Promise<NonNullable<RiskInputs['sharedClaiming']>> {
    const claimed = await repo.claimedRewardsSince(trx, [...new Set(Object.values(members).flat())], CLAIMING_DAYS);
    const count = (ids: string[]) => ids.filter((id) => claimed.has(id)).length;
    return { device: count(members.device), address: count(members.address), bankAccount: count(members.bankAccount), holder: count(members.holder) };
  }

  /** The movement's inputs, with the rules' versions in force read in the same statement as its history. */
  async function gather(trx: Db, movement: MovementToDecide): Promise<{ inputs: RiskInputs; versions: RuleVersion[] }> {
    const [{ history, versions }, members] = await Promise.all([
      repo.historyAndVersions(trx, movement.memberId, movement.ownRowId ?? null),
      READS_LINKS.includes(movement.movement) ? deps.links.sharedMembers(trx, movement.memberId) : Promise.resolve(null),
    ]);
    const shared = members && { device: members.device.length, address: members.address.length, bankAccount: members.bankAccount.length, holder: members.holder.length };
    const inputs: RiskInputs = {
      movement: movement.movement,
      amount: Number(movement.amount),
      currency: movement.currency,
      ...history,
      shared,
      sharedClaiming: members && movement.movement === 'reward' ? await claimingAmong(trx, members) : null,
      invite: movement.invite ?? null,
      releasedBlock: false,
    };
    return { inputs, versions };
  }

  return {
    /** Every rule's first version, from its defaults, unless it has one. */
    async start(): Promise<void> {
      for (const definition of RULES) await repo.insertFirstVersion(db, definition.code, definition.startsIn, definition.defaults);
    },

    /**
     * Decides a movement in its transaction (the caller holds the member's lock). Approve and review
     * are stored in it. A block of a movement the member asked for throws `RiskBlocked`, unless an
     * operator released a block of this member's for at least this amount, which this movement then
     * uses up; a block of what follows money that arrived (an invite accrual) is stored and returned,
     * for the caller to refuse.
     */
    async decide(trx: Db, movement: MovementToDecide): Promise<Decision> {
      if (movement.movement === 'withdrawal' && (await cases.freezeOf(trx, movement.memberId))) throw businessRule('WITHDRAWALS_FROZEN');
      const { inputs, versions } = await gather(trx, movement);
      let verdict = decide(inputs, versions);
      const refusable = !FOLLOWS_ARRIVED_MONEY.includes(movement.movement);
      if (refusable && verdict.outcome === 'block' && (await repo.useRelease(trx, movement.memberId, movement.movement, movement.amount))) {
        inputs.releasedBlock = true;
        verdict = decide(inputs, versions);
      }
      const record = { memberId: movement.memberId, movement: movement.movement, subject: movement.subject, amount: movement.amount, currency: movement.currency, outcome: verdict.outcome, inputs, rules: verdict.answers };
      if (refusable && verdict.outcome === 'block') throw new RiskBlocked(record);
      const caseId = verdict.outcome === 'approve' ? null : await cases.joinCase(trx, movement.memberId, inboxOf(movement.movement));
      return { id: await repo.insertDecision(trx, { ...record, caseId }), ...verdict };
    },

    /** After a blocked movement's transaction rolled back: its decision, kept for the operator, in its member's case. */
    async keepBlocked(blocked: RiskBlocked): Promise<string> {
      const { record } = blocked;
      return db.transaction().execute(async (trx) => repo.insertDecision(trx, { ...record, caseId: await cases.joinCase(trx, record.memberId, inboxOf(record.movement)) }));
    },

    /**
     * Lifts a block (the member may make the same movement once, up to its amount, within 24 h) or
     * ends the review of a deposit, a reward claim or a bank-account change (the member's withdrawals
     * are no longer held for it). Two operators: the first proposes, a different one releases (403
     * FOUR_EYES for the same one). Once.
     */
    release(id: string, operator: AuditActor) {
      return decideOnce(deps, {
        lock: (trx) => repo.lockDecision(trx, id),
        isOpen: (row) => row.released_at === null && (row.outcome === 'block' || (row.outcome === 'review' && RELEASABLE_REVIEWS.includes(row.movement))),
        decidedBy: (_trx, row) => row.released_by,
        apply: async (trx, row) => {
          if (row.release_proposed_by === null) return toDecision(await repo.proposeRelease(trx, id, operator.username));
          if (row.release_proposed_by === operator.username) throw forbidden('FOUR_EYES');
          return toDecision(await repo.release(trx, id, operator.username));
        },
        audit: {
          actor: operator,
          action: (row) => (row.release_proposed_by === null ? 'risk.release.propose' : 'risk.release'),
          detail: (row) => ({ id, movement: row.movement, memberId: String(row.member_id), outcome: row.outcome }),
        },
      });
    },

    /** The rules with the version in force of each. */
    async rules() {
      const versions = new Map((await repo.currentVersions(db)).map((version) => [version.code, version]));
      return RULES.map((definition) => ({ code: definition.code, movements: [...definition.movements], outcome: definition.outcome, defaults: definition.defaults as RuleParams, current: versions.get(definition.code) ?? null }));
    },

    async versionsOf(code: string) {
      if (!ruleByCode(code)) throw notFound();
      const rows = await repo.versionsOf(db, code);
      return rows.map((row) => ({ code: row.code, version: row.version, mode: row.mode, params: row.params as RuleParams, createdBy: row.created_by, createdAt: row.created_at.toISOString() }));
    },

    /** A new version of a rule, after the one the operator saw (409 RULE_CHANGED when another came first); audited. */
    async changeRule(code: string, change: { after: number; mode: RuleMode; params: Record<string, unknown> }, operator: AuditActor): Promise<RuleVersion> {
      const params = checkParams(code, change.params);
      return db.transaction().execute(async (trx) => {
        const before = (await repo.currentVersions(trx)).find((version) => version.code === code);
        if (!before || before.version !== change.after) throw conflict('RULE_CHANGED');
        const next = await repo.insertNextVersion(trx, { code, after: change.after, mode: change.mode, params, by: operator.username });
        if (!next) throw conflict('RULE_CHANGED');
        await deps.auditTrail.record(trx, operator, 'risk.rule.change', { code, version: next.version, before: { mode: before.mode, params: before.params }, after: { mode: next.mode, params: next.params } });
        return next;
      });
    },

    async decisions(filter: { outcome: 'held' | 'all'; memberId?: bigint }, page: number, limit: number) {
      return (await repo.decisionsPage(db, filter, page, limit)).map(toDecision);
    },

    /** A stored decision taken again from its inputs and the rule versions it used: the same answers, or the differences. */
    async replay(stored: StoredDecision): Promise<{ same: boolean; outcome: Outcome }> {
      const again = decide(stored.inputs, versionsUsed(stored, await allVersions()));
      // Stored as jsonb, whose keys come back in its own order: compared field by field.
      const fields = (answers: RuleAnswer[]) => JSON.stringify(answers.map((answer) => [answer.code, answer.version, answer.mode, answer.outcome, answer.reason]));
      return { same: again.outcome === stored.outcome && fields(again.answers) === fields(stored.rules), outcome: again.outcome };
    },

    /**
     * What a rule change would have decided over the last 90 days: every stored decision taken again
     * from its inputs, with the proposed version in place of the one it used (or beside them, where
     * the rule was off). Counts the decisions whose outcome it changes, with the latest as examples.
     */
    async dryRun(code: string, proposal: { mode: RuleMode; params: Record<string, unknown> }) {
      const proposed: RuleVersion = { code, version: 0, mode: proposal.mode, params: checkParams(code, proposal.params) };
      const versions = await allVersions();
      let decided = 0;
      const changes = new Map<string, number>();
      const examples: Array<{ id: string; memberId: string; movement: Movement; amount: number; currency: string; createdAt: string; before: Outcome; after: Outcome; reason: string | null }> = [];
      for await (const batch of repo.decisionsSince(db, DRY_RUN_DAYS, DRY_RUN_BATCH)) {
        for (const stored of batch) {
          decided += 1;
          const used = versionsUsed(stored, versions).filter((version) => version.code !== code);
          const again = decide(stored.inputs, [...used, proposed]);
          if (again.outcome === stored.outcome) continue;
          const change = `${stored.outcome}→${again.outcome}`;
          changes.set(change, (changes.get(change) ?? 0) + 1);
          if (examples.length < DRY_RUN_EXAMPLES) {
            const reason = again.answers.find((answer) => answer.code === code)?.reason ?? null;
            examples.push({ id: stored.id, memberId: String(stored.member_id), movement: stored.movement, amount: toMajor(stored.amount), currency: stored.currency, createdAt: stored.created_at.toISOString(), before: stored.outcome, after: again.outcome, reason });
          }
        }
      }
      return { days: DRY_RUN_DAYS, decisions: decided, changed: [...changes.values()].reduce((sum, count) => sum + count, 0), changes: Object.fromEntries(changes), examples };
    },
  };
}
export type RiskService = ReturnType<typeof createRiskService>;
