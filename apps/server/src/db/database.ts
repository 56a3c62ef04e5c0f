import fs from 'node:fs';
import path from 'node:path';
import { PGlite, type PGliteOptions, types as pgliteTypes } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Kysely, PostgresDialect, type Transaction, sql } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import pg from 'pg';
import { type NotificationHandlers, listenWithReconnect } from './notifications.js';
import { prepareStatementsOf } from './prepared-statements.js';
import type { Database } from './schema.js';

export type Db = Kysely<Database>;
/** A transaction open on the database: what must be written together with a change takes one. */
export type Trx = Transaction<Database>;

const UNIQUE_VIOLATION = '23505';

/** Whether a query failed on a unique index (on `constraint`, when named); PostgreSQL and PGlite alike. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const pgError = error as { code?: string; constraint?: string; message?: string };
  if (pgError.code !== UNIQUE_VIOLATION) return false;
  return constraint === undefined || pgError.constraint === constraint || !!pgError.message?.includes(constraint);
}

/** Runs multi-statement SQL text on one database session (migrations, test resets). */
export type ScriptRunner = (script: string) => Promise<void>;

export interface DatabaseHandle {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The embedded client, for dumps (tests); undefined on PostgreSQL. */
  pglite?: PGlite;
  /** Gives `work` a runner bound to one session, so session-level locks hold across calls. */
  withSession<T>(work: (run: ScriptRunner) => Promise<T>): Promise<T>;
  /**
   * Notifications sent on `channel` (see `channelName`), by this process or any other on the same
   * database; answers a function that stops listening. PostgreSQL: a connection of its own that
   * reconnects; PGlite: in this process.
   */
  listen(channel: string, handlers: NotificationHandlers): Promise<() => Promise<void>>;
  notify(channel: string, payload: string): Promise<void>;
  /** The PostgreSQL pool's connections now (for metrics); absent on PGlite, a single session. */
  poolUsage?(): { total: number; idle: number; waiting: number };
  close(): Promise<void>;
}

async function notify(db: Db, channel: string, payload: string): Promise<void> {
  await sql`select pg_notify(${channel}, ${payload})`.execute(db);
}

const INT8_OID = 20;
// Money and ids are int8: read them as bigint, never as a lossy float.
pg.types.setTypeParser(INT8_OID, (value) => BigInt(value));

export interface DatabaseOptions {
  databaseUrl?: string | undefined;
  /** PGlite folder; undefined keeps the database in memory. */
  dataDir?: string | undefined;
  /** Connections to PostgreSQL at most (DATABASE_POOL_SIZE). */
  poolSize?: number | undefined;
  /** PostgreSQL schema to use instead of public (test isolation). */
  schema?: string | undefined;
  /** A PGlite data-dir tarball to start from (tests reuse one migrated template). */
  loadDataDir?: Blob | undefined;
  /** PGlite's WebAssembly, compiled already (see embedded-engine.ts); without it PGlite compiles its own. */
  engine?: Promise<EmbeddedEngine> | undefined;
  /** Told when PostgreSQL cuts a connection (the pool recovers by itself); for the log. */
  onConnectionLost?: ((error: Error) => void) | undefined;
}

/**
 * SQLSTATE classes and codes of a database that is away: connection exceptions (08), the server
 * shutting down or not yet accepting (57P01–57P03), and the socket-level failures of a connection
 * that was cut or could not be made.
 */
const UNAVAILABLE_STATES = /^(08|57P0[123])/;
const UNAVAILABLE_SOCKET = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
const UNAVAILABLE_MESSAGE = /Connection terminated|connection error|not queryable/i;

/** Whether a query failed because the database could not be reached, not because of what it asked: safe to retry later. */
export function isDatabaseUnavailable(error: unknown): boolean {
  const failure = error as { code?: unknown; message?: unknown } | null;
  if (!failure || typeof failure !== 'object') return false;
  if (typeof failure.code === 'string' && (UNAVAILABLE_STATES.test(failure.code) || UNAVAILABLE_SOCKET.has(failure.code))) return true;
  return typeof failure.message === 'string' && UNAVAILABLE_MESSAGE.test(failure.message);
}

/** PGlite's PostgreSQL as a compiled WebAssembly module. */
export type EmbeddedEngine = NonNullable<PGliteOptions['pgliteWasmModule']>;

const EMBEDDED_SHARED_BUFFERS = '16MB';

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
      ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
    });
    // A connection cut by the database (a restart, a failover, pg_terminate_backend) is an event on
    // its client: without a listener Node ends the process. The pool drops such a client and opens
    // a new one on the next call; the call that was using it fails and answers 503.
    const connectionLost = (error: Error) => options.onConnectionLost?.(error);
    pool.on('error', connectionLost);
    pool.on('connect', (client) => client.on('error', connectionLost));
    prepareStatementsOf(pool);
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    const connectionOptions = { connectionString: options.databaseUrl, ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}) };
    return {
      db,
      kind: 'postgres',
      // keepAlive: a listener that only waits would otherwise not notice a vanished server for hours.
      listen: (channel, handlers) => listenWithReconnect(() => new pg.Client({ ...connectionOptions, keepAlive: true }), channel, handlers),
      notify: (channel, payload) => notify(db, channel, payload),
      poolUsage: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      async withSession(work) {
        const client = await pool.connect();
        try {
          return await work(async (script) => {
            await client.query(script);
          });
        } finally {
          client.release();
        }
      },
      close: () => db.destroy(),
    };
  }
  if (options.dataDir) fs.mkdirSync(path.dirname(options.dataDir), { recursive: true });
  const client = await PGlite.create({
    ...(options.engine ? { pgliteWasmModule: await options.engine } : {}),
    // PostgreSQL zeroes its buffer pool as it starts: at the default 128 MB that alone took 0.6 s of a
    // node's start. The embedded database is for one machine's demo and tests, and the file system
    // under it is the operating system's cache.
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${EMBEDDED_SHARED_BUFFERS}`],
    // Trigrams for the console's member search by name (migration 044); PostgreSQL has them as contrib.
    extensions: { pg_trgm },
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    parsers: { [pgliteTypes.INT8]: (value: string) => BigInt(value) },
  });
  const db = new Kysely<Database>({ dialect: new PGliteDialect(client) });
  return {
    db,
    kind: 'pglite',
    pglite: client,
    listen: async (channel, handlers) => {
      const stop = await client.listen(channel, (payload) => handlers.message(payload));
      return () => stop();
    },
    notify: (channel, payload) => notify(db, channel, payload),
    // PGlite is a single session already; exec (unlike query) accepts several statements.
    withSession: (work) =>
      work(async (script) => {
        await client.exec(script);
      }),
    close: () => db.destroy(),
  };
}
