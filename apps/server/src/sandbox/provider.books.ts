import { sql } from 'kysely';
import type { Db } from '../db/database.js';

/**
 * The sandbox game provider's own books: its players, their open game sessions and the transactions it has applied. In the
 * database by default (they outlive a restart, as a provider's do). In memory for `npm run bench`,
 * where the provider runs in a process of its own: a real provider keeps its books on its own
 * machines, and the bench measures our work on our PostgreSQL, not the stand-in's.
 */
export type MovementType = 'deposit' | 'withdraw' | 'bet' | 'win';

export interface Outcome {
  status: 'success' | 'failed';
  reason: string | null;
  /** The player's credits afterwards (null for a player the provider does not know). */
  credits: bigint | null;
}

export interface Player {
  provider_code: string;
  username: string;
  password: string;
  credits: bigint;
}

export interface ProviderBooks {
  /** Opens a player, or answers the one already there: a retry after a lost answer is safe. */
  openPlayer(code: string, username: string, password: string): Promise<Player>;
  player(code: string, username: string): Promise<Player | undefined>;
  /** False when there is no such player. */
  setPassword(code: string, username: string, password: string): Promise<boolean>;
  /** Opens a game session under a launch token: each launch opens one, and one player may hold several (a phone and a computer). */
  openSession(code: string, username: string, token: string): Promise<void>;
  /** The player whose session this token opened, while it is open. */
  playerByLaunchToken(token: string): Promise<Player | undefined>;
  /** Ends every open session of one player and answers how many it ended (0 when none was open); undefined for a player it does not know. */
  endSessions(code: string, username: string): Promise<number | undefined>;
  /** How many sessions of one player are open. */
  openSessions(code: string, username: string): Promise<number>;
  /**
   * Applies a movement once per tx id, atomically; a movement the player cannot afford, or for a
   * player it does not know, is recorded as failed. A tx id seen before answers its first outcome.
   */
  apply(txId: string, code: string, username: string, type: MovementType, credits: bigint): Promise<Outcome>;
  /** Records a movement refused before it was applied (an injected fault); a known tx id is kept. */
  recordRefusal(txId: string, code: string, username: string, type: MovementType, credits: bigint, reason: string): Promise<void>;
  transaction(txId: string): Promise<{ status: 'success' | 'failed'; reason: string | null } | undefined>;
  /** The transactions applied to one slot's players in [from, to), oldest first: the provider's history a reconciliation reads. */
  history(code: string, from: Date, to: Date): Promise<HistoryLine[]>;
}

export interface HistoryLine {
  txId: string;
  username: string;
  type: MovementType;
  credits: bigint;
  status: 'success' | 'failed';
  at: Date;
}

const PLAYER_COLUMNS = ['provider_code', 'username', 'password', 'credits'] as const;

export function databaseBooks(db: Db): ProviderBooks {
  const player = (code: string, username: string) =>
    db.selectFrom('sandbox_provider_players').select(PLAYER_COLUMNS).where('provider_code', '=', code).where('username', '=', username).executeTakeFirst();
  return {
    async openPlayer(code, username, password) {
      await db.insertInto('sandbox_provider_players').values({ provider_code: code, username, password }).onConflict((oc) => oc.columns(['provider_code', 'username']).doNothing()).execute();
      return (await player(code, username))!;
    },
    player,
    async setPassword(code, username, password) {
      const result = await db.updateTable('sandbox_provider_players').set({ password }).where('provider_code', '=', code).where('username', '=', username).executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },
    async openSession(code, username, token) {
      await db.insertInto('sandbox_provider_sessions').values({ token, provider_code: code, username }).execute();
    },
    playerByLaunchToken: (token) =>
      db
        .selectFrom('sandbox_provider_sessions as s')
        .innerJoin('sandbox_provider_players as p', (join) => join.onRef('p.provider_code', '=', 's.provider_code').onRef('p.username', '=', 's.username'))
        .select(['p.provider_code', 'p.username', 'p.password', 'p.credits'])
        .where('s.token', '=', token)
        .where('s.ended_at', 'is', null)
        .executeTakeFirst(),
    async endSessions(code, username) {
      if (!(await player(code, username))) return undefined;
      const result = await db
        .updateTable('sandbox_provider_sessions')
        .set({ ended_at: sql<Date>`now()` })
        .where('provider_code', '=', code)
        .where('username', '=', username)
        .where('ended_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },
    async openSessions(code, username) {
      const row = await db
        .selectFrom('sandbox_provider_sessions')
        .select((eb) => eb.fn.countAll<string>().as('open'))
        .where('provider_code', '=', code)
        .where('username', '=', username)
        .where('ended_at', 'is', null)
        .executeTakeFirstOrThrow();
      return Number(row.open);
    },
    async apply(txId, code, username, type, credits) {
      // One call (migrations 042, 049): the transaction row and the balance change commit together.
      const { rows } = await sql<Outcome>`SELECT * FROM sandbox_provider_apply(${txId}, ${code}, ${username}, ${type}, ${credits})`.execute(db);
      return rows[0]!;
    },
    async recordRefusal(txId, code, username, type, credits, reason) {
      await db
        .insertInto('sandbox_provider_transactions')
        .values({ tx_id: txId, provider_code: code, username, type, credits, status: 'failed', reason })
        .onConflict((oc) => oc.column('tx_id').doNothing())
        .execute();
    },
    transaction: (txId) => db.selectFrom('sandbox_provider_transactions').select(['status', 'reason']).where('tx_id', '=', txId).executeTakeFirst(),
    async history(code, from, to) {
      const rows = await db
        .selectFrom('sandbox_provider_transactions')
        .select(['tx_id', 'username', 'type', 'credits', 'status', 'created_at'])
        .where('provider_code', '=', code)
        .where('created_at', '>=', from)
        .where('created_at', '<', to)
        .orderBy('created_at')
        .orderBy('tx_id')
        .execute();
      return rows.map((row) => ({ txId: row.tx_id, username: row.username, type: row.type, credits: row.credits, status: row.status, at: row.created_at }));
    },
  };
}

/**
 * The same books in this process's memory, starting from the players in the database (the bench
 * seeds them there). Node runs one call at a time between awaits, and apply has none, so each
 * movement is atomic here as the database's transaction makes it there.
 */
export async function memoryBooks(db: Db): Promise<ProviderBooks> {
  const playerKey = (code: string, username: string) => `${code}\u0000${username}`;
  const players = new Map<string, Player>();
  /** Open sessions only: ending one forgets its token. */
  const sessions = new Map<string, string>();
  const transactions = new Map<string, { status: 'success' | 'failed'; reason: string | null; line: HistoryLine & { code: string } }>();
  const record = (txId: string, code: string, username: string, type: MovementType, credits: bigint, status: 'success' | 'failed', reason: string | null) =>
    transactions.set(txId, { status, reason, line: { txId, code, username, type, credits, status, at: new Date() } });
  for (const row of await db.selectFrom('sandbox_provider_players').select(PLAYER_COLUMNS).execute()) {
    players.set(playerKey(row.provider_code, row.username), row);
  }
  for (const row of await db.selectFrom('sandbox_provider_sessions').select(['token', 'provider_code', 'username']).where('ended_at', 'is', null).execute()) {
    sessions.set(row.token, playerKey(row.provider_code, row.username));
  }
  const sessionsOf = (key: string) => [...sessions].filter(([, owner]) => owner === key).map(([token]) => token);
  const copy = (found: Player | undefined): Player | undefined =>
    found && { provider_code: found.provider_code, username: found.username, password: found.password, credits: found.credits };
  return {
    async openPlayer(code, username, password) {
      const key = playerKey(code, username);
      if (!players.has(key)) players.set(key, { provider_code: code, username, password, credits: 0n });
      return copy(players.get(key))!;
    },
    player: async (code, username) => copy(players.get(playerKey(code, username))),
    async setPassword(code, username, password) {
      const found = players.get(playerKey(code, username));
      if (found) found.password = password;
      return !!found;
    },
    async openSession(code, username, token) {
      const key = playerKey(code, username);
      if (players.has(key)) sessions.set(token, key);
    },
    playerByLaunchToken: async (token) => copy(players.get(sessions.get(token) ?? '')),
    async endSessions(code, username) {
      const key = playerKey(code, username);
      if (!players.has(key)) return undefined;
      const open = sessionsOf(key);
      for (const token of open) sessions.delete(token);
      return open.length;
    },
    openSessions: async (code, username) => sessionsOf(playerKey(code, username)).length,
    async apply(txId, code, username, type, credits) {
      const found = players.get(playerKey(code, username));
      const earlier = transactions.get(txId);
      if (earlier) return { status: earlier.status, reason: earlier.reason, credits: found?.credits ?? null };
      const subtracts = type === 'withdraw' || type === 'bet';
      const reason = !found ? 'PLAYER_NOT_FOUND' : subtracts && found.credits < credits ? 'INSUFFICIENT_BALANCE' : null;
      if (reason) {
        record(txId, code, username, type, credits, 'failed', reason);
        return { status: 'failed', reason, credits: found?.credits ?? null };
      }
      found!.credits += subtracts ? -credits : credits;
      record(txId, code, username, type, credits, 'success', null);
      return { status: 'success', reason: null, credits: found!.credits };
    },
    async recordRefusal(txId, code, username, type, credits, reason) {
      if (!transactions.has(txId)) record(txId, code, username, type, credits, 'failed', reason);
    },
    async transaction(txId) {
      const found = transactions.get(txId);
      return found && { status: found.status, reason: found.reason };
    },
    history: async (code, from, to) =>
      [...transactions.values()]
        .map(({ line }) => line)
        .filter((line) => line.code === code && line.at >= from && line.at < to)
        .map(({ code: _code, ...line }) => line),
  };
}
