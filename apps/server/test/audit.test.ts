import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/database.js';
import { type AuditActor, createAuditTrail } from '../src/modules/audit/audit-writer.js';
import { createAuditChain } from '../src/modules/audit/audit-chain.js';
import { auditSecret } from '../src/modules/audit/audit-key.js';
import { TEST_AUDIT_KEY, type TestServer, insertTestMember, startTestServer } from './harness.js';

let server: TestServer;
let chief: string;
/** Writes entries the way every audited change does (the server's own trail, with the same key). */
const trail = createAuditTrail(createAuditChain(TEST_AUDIT_KEY));
/** One entry written in a transaction of its own. */
const entry = (db: Db, actor: AuditActor, action: string, detail: unknown) => db.transaction().execute((trx) => trail.record(trx, actor, action, detail));

beforeAll(async () => {
  server = await startTestServer({ env: { TRUST_PROXY: '1' } });
  await server.app.adminService.ensureFirstOperator({ username: 'auditor', password: 'auditor-pass-1' });
  chief = (await server.api('POST', '/api/admin/login', { body: { username: 'auditor', password: 'auditor-pass-1' }, headers: { 'x-forwarded-for': '198.51.100.7' } })).body.token;
});
afterAll(() => server.close());

const settingsChange = (registerOTP: boolean) =>
  server.api('PUT', '/api/admin/settings/site', { token: chief, body: { registerOTP }, headers: { 'x-forwarded-for': '198.51.100.9' } });

describe('settings', () => {
  it('every setting is editable with validation, checked together, and each change kept with before and after', async () => {
    const put = (body: Record<string, unknown>) => server.api('PUT', '/api/admin/settings/site', { token: chief, body });
    const changed = await put({ withdrawMin: 200, withdrawMax: 20000, depositMinimum: 5, inviteSuccessPercent: 250, siteName: 'Lucky Wallet' });
    expect(changed.body).toMatchObject({ withdrawMin: 200, withdrawMax: 20000, depositMinimum: 5, inviteSuccessPercent: 250, siteName: 'Lucky Wallet' });
    expect((await server.api('GET', '/api/lookup/withdraw')).body).toMatchObject({ withdrawMin: 200, withdrawMax: 20000 });

    for (const bad of [{ withdrawMin: 30000 }, { withdrawMax: 100 }, { depositMinimum: 0 }, { withdrawMin: 10.001 }, { slipOpenFrom: '25:00' }, { inviteFailPercent: 101 }, { website: 'not a url' }]) {
      expect((await put(bad)).status, JSON.stringify(bad)).toBe(400);
    }
    expect((await server.api('GET', '/api/admin/settings/site', { token: chief })).body).toMatchObject({ withdrawMin: 200, withdrawMax: 20000 });

    await put({ withdrawMin: 200 }); // no change: no history entry
    const history = (await server.api('GET', '/api/admin/settings/history', { token: chief })).body;
    expect(history.changes[0]).toMatchObject({
      actor: 'auditor',
      before: { withdrawMin: 100, withdrawMax: 50000, depositMinimum: 1, inviteSuccessPercent: 300, siteName: 'Baht Wallet' },
      after: { withdrawMin: 200, withdrawMax: 20000, depositMinimum: 5, inviteSuccessPercent: 250, siteName: 'Lucky Wallet' },
    });
    expect(history.total).toBe(1);
  });
});

describe('the audit log', () => {
  it('records who did what from which address, searchable, and exports it as CSV', async () => {
    const earlier = (await server.api('GET', '/api/admin/audit?action=site-settings', { token: chief })).body.total;
    await settingsChange(false);
    await settingsChange(true);
    const found = await server.api('GET', '/api/admin/audit?action=site-settings', { token: chief });
    expect(found.body.total).toBe(earlier + 2);
    expect(found.body.entries[0]).toMatchObject({ actor: 'auditor', action: 'site-settings', ip: '198.51.100.9', detail: { before: { registerOTP: false }, after: { registerOTP: true } } });
    const login = await server.api('GET', '/api/admin/audit?action=login', { token: chief });
    expect(login.body.entries[0].ip).toBe('198.51.100.7');

    const csv = await fetch(`${server.url}/api/admin/audit/export.csv?actor=auditor`, { headers: { authorization: `Bearer ${chief}` } });
    expect(csv.headers.get('content-type')).toContain('text/csv');
    const bytes = new Uint8Array(await csv.arrayBuffer());
    // A byte-order mark, so Excel reads Thai as UTF-8; times in the site's zone, which the header names.
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder().decode(bytes).trim().split('\n');
    expect(lines[0]).toBe('time (UTC+7 Asia/Bangkok),operator,action,address,detail,id,request id,hash');
    const [newest] = (await server.api('GET', '/api/admin/audit?actor=auditor', { token: chief })).body.entries;
    const bangkok = new Date(Date.parse(newest.createdAt) + 7 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');
    expect(lines.some((line) => line.startsWith(`${bangkok},`))).toBe(true);
    expect(lines.length - 1).toBe((await server.api('GET', '/api/admin/audit?actor=auditor', { token: chief })).body.total);
    expect(lines.some((line) => line.includes('site-settings') && line.includes('198.51.100.9'))).toBe(true);
  });

  it('a member action and a money decision record the address of the call that made them', async () => {
    await server.api('POST', '/api/admin/operators', { token: chief, body: { username: 'checker', password: 'checker-pass-1', roles: ['finance'] } });
    const checker = (await server.api('POST', '/api/admin/login', { body: { username: 'checker', password: 'checker-pass-1' } })).body.token;
    const memberId = String(await insertTestMember(server.db));
    const from = (address: string) => ({ 'x-forwarded-for': address });

    expect((await server.api('POST', `/api/admin/members/${memberId}/block`, { token: chief, body: { reason: 'address check' }, headers: from('198.51.100.21') })).status).toBe(200);
    const proposed = await server.api('POST', '/api/admin/corrections', {
      token: chief,
      body: { memberId, direction: 'credit', amount: 10, reasonCode: 'DEPOSIT_NOT_CREDITED', note: 'address check' },
      headers: from('198.51.100.22'),
    });
    expect((await server.api('POST', `/api/admin/corrections/${proposed.body._id}/approve`, { token: checker, headers: from('198.51.100.23') })).status).toBe(200);

    const latest = async (action: string) => (await server.api('GET', `/api/admin/audit?action=${action}`, { token: chief })).body.entries[0];
    expect(await latest('member.block')).toMatchObject({ actor: 'auditor', ip: '198.51.100.21', detail: { memberId } });
    expect(await latest('correction.propose')).toMatchObject({ actor: 'auditor', ip: '198.51.100.22', detail: { memberId } });
    expect(await latest('correction.approve')).toMatchObject({ actor: 'checker', ip: '198.51.100.23', detail: { memberId } });
  });

  it('exports any number of entries, page by page', async () => {
    await server.db.transaction().execute(async (trx) => {
      for (let index = 0; index < 2500; index += 1) await trail.record(trx, { username: 'bulk', ip: null }, 'test.bulk', { index });
    });
    const csv = await fetch(`${server.url}/api/admin/audit/export.csv?actor=bulk`, { headers: { authorization: `Bearer ${chief}` } });
    const lines = (await csv.text()).trim().split('\n');
    expect(lines).toHaveLength(2501);
    expect(lines[2500]).toContain('""index"":2499');
  });

  it('entries never change, and the verify check finds one edited or deleted behind the database’s back', async () => {
    expect((await server.api('GET', '/api/admin/audit/verify', { token: chief })).body).toMatchObject({ ok: true, broken: [] });
    await expect(sql`UPDATE audit_log SET actor = 'someone-else' WHERE action = 'site-settings'`.execute(server.db)).rejects.toThrow(/never change/);
    await expect(sql`DELETE FROM audit_log WHERE action = 'login'`.execute(server.db)).rejects.toThrow(/never change/);

    // Someone with the power to switch the guard off edits one entry and deletes another.
    const [edited, deleted] = await server.db.selectFrom('audit_log').select(['id', 'position']).where('actor', '=', 'bulk').orderBy('position').limit(2).offset(10).execute();
    await server.db.transaction().execute(async (trx) => {
      await sql`ALTER TABLE audit_log DISABLE TRIGGER audit_log_immutable`.execute(trx);
      await sql`UPDATE audit_log SET detail = '{"index": 999}'::jsonb WHERE id = ${edited!.id}`.execute(trx);
      await sql`DELETE FROM audit_log WHERE id = ${deleted!.id}`.execute(trx);
      await sql`ALTER TABLE audit_log ENABLE TRIGGER audit_log_immutable`.execute(trx);
    });
    const report = (await server.api('GET', '/api/admin/audit/verify', { token: chief })).body;
    expect(report.ok).toBe(false);
    expect(report.broken).toEqual([
      { id: String(edited!.id), position: String(edited!.position), problem: 'content' },
      { id: expect.any(String), position: String(deleted!.position + 1n), problem: 'link' },
    ]);
  });
});

/** What someone who can run SQL as the table's owner (but has no audit key) can do to the log. */
async function behindTheServersBack(db: Db, change: (trx: Db) => Promise<unknown>) {
  await db.transaction().execute(async (trx) => {
    await sql`ALTER TABLE audit_log DISABLE TRIGGER audit_log_immutable`.execute(trx);
    await change(trx);
    await sql`ALTER TABLE audit_log ENABLE TRIGGER audit_log_immutable`.execute(trx);
  });
}

/** Every entry from `position` on (to `through`) hashed again with the unkeyed SHA-256 the chain used before, links kept consistent. */
const rechainWithoutKey = (trx: Db, position: bigint, markUnkeyed: boolean, through?: bigint) =>
  sql`DO $$
    DECLARE
      entry record;
      previous text := coalesce((SELECT hash FROM audit_log WHERE position < ${sql.raw(String(position))} ORDER BY position DESC LIMIT 1), '');
    BEGIN
      FOR entry IN SELECT * FROM audit_log WHERE position >= ${sql.raw(String(position))} AND position <= ${sql.raw(String(through ?? 'position'))} ORDER BY position LOOP
        UPDATE audit_log
           SET prev_hash = previous, keyed = keyed AND NOT ${sql.raw(String(markUnkeyed))},
               hash = encode(sha256(convert_to(concat_ws('|', previous, entry.id::text, entry.actor, entry.action, entry.detail::text, coalesce(entry.ip, ''),
                        ((extract(epoch FROM entry.created_at) * 1000000)::bigint)::text), 'UTF8')), 'hex')
         WHERE id = entry.id
        RETURNING hash INTO previous;
      END LOOP;
    END $$`.execute(trx);

describe('an audit log that cannot be rewritten quietly', () => {
  /** A server of its own (each test damages its log), with `count` entries written and their positions. */
  async function logOf(count: number, env: Record<string, string> = {}) {
    const own = await startTestServer({ env });
    for (let index = 0; index < count; index += 1) await entry(own.db, { username: 'clerk', ip: '192.0.2.1' }, 'test.entry', { index, note: `entry ${index}` });
    const rows = await own.db.selectFrom('audit_log').select(['id', 'position']).where('actor', '=', 'clerk').orderBy('position').execute();
    return { own, rows, audit: own.app.audit };
  }

  it('an entry edited in place is found by its content', async () => {
    const { own, rows, audit } = await logOf(6);
    try {
      expect(await audit.verify()).toEqual({ ok: true, entries: 6, broken: [], checkpoint: null });
      const edited = rows[2]!;
      await behindTheServersBack(own.db, (trx) => sql`UPDATE audit_log SET detail = '{"index": 2, "note": "nothing happened"}'::jsonb WHERE id = ${edited.id}`.execute(trx));
      expect(await audit.verify()).toMatchObject({ ok: false, broken: [{ id: String(edited.id), position: String(edited.position), problem: 'content' }] });
    } finally {
      await own.close();
    }
  });

  it('an entry records the request that caused it, in its hash: an id changed, added or removed is found', async () => {
    const own = await startTestServer();
    try {
      await own.app.adminService.ensureFirstOperator({ username: 'auditor', password: 'auditor-pass-1' });
      const token = (await own.api('POST', '/api/admin/login', { body: { username: 'auditor', password: 'auditor-pass-1' } })).body.token;
      const change = (registerOTP: boolean, requestId: string) => own.api('PUT', '/api/admin/settings/site', { token, body: { registerOTP }, headers: { 'x-request-id': requestId } });
      const clerk = () => entry(own.db, { username: 'clerk', ip: null }, 'test.entry', {});
      // Entries apart, so that each one damaged below stands alone (a run of them reads as rechained).
      expect((await change(false, 'ops-change-41')).headers.get('x-request-id')).toBe('ops-change-41');
      await clerk();
      await clerk();
      await clerk();
      await change(true, 'ops-change-42');
      await clerk();

      const found = await own.api('GET', '/api/admin/audit?action=site-settings', { token });
      expect(found.body.entries.map((each: { requestId: string }) => each.requestId)).toEqual(['ops-change-42', 'ops-change-41']);
      const rows = await own.db.selectFrom('audit_log').select(['id', 'position', 'action', 'request_id']).where('action', 'in', ['site-settings', 'test.entry']).orderBy('position').execute();
      // Written outside any request: none.
      expect(rows.map((row) => row.request_id)).toEqual(['ops-change-41', null, null, null, 'ops-change-42', null]);
      expect(await own.app.audit.verify()).toMatchObject({ ok: true, broken: [] });

      const [changed, , added, , removed] = rows;
      await behindTheServersBack(own.db, async (trx) => {
        await sql`UPDATE audit_log SET request_id = 'someone-else' WHERE id = ${changed!.id}`.execute(trx);
        await sql`UPDATE audit_log SET request_id = 'ops-change-41' WHERE id = ${added!.id}`.execute(trx);
        await sql`UPDATE audit_log SET request_id = NULL WHERE id = ${removed!.id}`.execute(trx);
      });
      expect((await own.app.audit.verify()).broken).toEqual(
        [changed!, added!, removed!].map((row) => ({ id: String(row.id), position: String(row.position), problem: 'content' })),
      );
    } finally {
      await own.close();
    }
  });

  it('an edit with every later hash recomputed without the key is found: the hashes are not the key’s', async () => {
    const { own, rows, audit } = await logOf(6);
    try {
      const edited = rows[2]!;
      await behindTheServersBack(own.db, async (trx) => {
        await sql`UPDATE audit_log SET detail = '{"index": 2, "note": "nothing happened"}'::jsonb WHERE id = ${edited.id}`.execute(trx);
        await rechainWithoutKey(trx, edited.position, false);
      });
      // The links all match (what the unkeyed chain checked), yet not one hash from the edit on is the key's.
      const report = await audit.verify();
      expect(report.ok).toBe(false);
      expect(report.broken).toEqual(rows.slice(2).map((row) => ({ id: String(row.id), position: String(row.position), problem: 'rechained' })));

      // Claiming the old unkeyed scheme for them instead: their SHA-256 holds, but no such entry may follow a keyed one.
      await behindTheServersBack(own.db, (trx) => rechainWithoutKey(trx, edited.position, true));
      expect((await audit.verify()).broken).toEqual(rows.slice(2).map((row) => ({ id: String(row.id), position: String(row.position), problem: 'unkeyed' })));
    } finally {
      await own.close();
    }
  });

  it('the newest entries deleted after a checkpoint are found as a truncation, and the checkpoint stays as evidence', async () => {
    const uploads = fs.mkdtempSync(path.join(os.tmpdir(), 'wallet-audit-'));
    const { own, rows, audit } = await logOf(6, { UPLOAD_DIR: uploads });
    try {
      const head = rows.at(-1)!;
      const { written } = await audit.writeCheckpoint();
      expect(written).toMatchObject({ position: String(head.position), id: String(head.id), entries: 6 });
      expect(await audit.writeCheckpoint()).toEqual({ written: null }); // nothing new to anchor
      expect(await audit.verify()).toMatchObject({ ok: true, checkpoint: { position: String(head.position), status: 'ok' } });

      await behindTheServersBack(own.db, (trx) => sql`DELETE FROM audit_log WHERE position >= ${rows[4]!.position}`.execute(trx));
      // What is left is a whole chain: only the checkpoint outside the database tells.
      expect(await audit.verify()).toMatchObject({ ok: false, entries: 4, broken: [], checkpoint: { position: String(head.position), entries: 6, status: 'truncated' } });

      // New entries do not cover it up: the checkpoint that no longer holds is not replaced.
      await entry(own.db, { username: 'clerk', ip: null }, 'test.entry', { after: 'truncation' });
      expect(await audit.writeCheckpoint()).toEqual({ written: null, refused: 'truncated' });
      expect(await audit.verify()).toMatchObject({ ok: false, checkpoint: { position: String(head.position), status: 'truncated' } });
    } finally {
      await own.close();
    }
  });

  it('a checkpoint not signed with the key, or its entry re-hashed, does not pass', async () => {
    const uploads = fs.mkdtempSync(path.join(os.tmpdir(), 'wallet-audit-'));
    const { own, rows, audit } = await logOf(4, { UPLOAD_DIR: uploads });
    try {
      await own.app.adminService.ensureFirstOperator({ username: 'anchor', password: 'anchor-pass-1' });
      const token = (await own.api('POST', '/api/admin/login', { body: { username: 'anchor', password: 'anchor-pass-1' } })).body.token;
      expect((await own.api('GET', '/api/admin/audit/checkpoint', { token })).body).toEqual({ checkpoint: null });
      const { written } = await audit.writeCheckpoint();
      expect((await own.api('GET', '/api/admin/audit/checkpoint', { token })).body).toEqual({ checkpoint: written });
      expect((await own.api('GET', '/api/admin/audit/verify', { token })).body).toMatchObject({ ok: true, broken: [], checkpoint: { ...written, status: 'ok' } });

      // The entry under the checkpoint re-hashed without the key, down to its last entry.
      await behindTheServersBack(own.db, (trx) => rechainWithoutKey(trx, rows[1]!.position, false));
      expect((await own.api('GET', '/api/admin/audit/verify', { token })).body).toMatchObject({ ok: false, checkpoint: { status: 'rewritten' } });

      // A checkpoint rewritten to match the log: its signature gives it away.
      const file = path.join(uploads, 'audit', 'checkpoint.json');
      const stored = JSON.parse(fs.readFileSync(file, 'utf8'));
      const head = await own.db.selectFrom('audit_log').select(['hash']).where('id', '=', BigInt(stored.id)).executeTakeFirstOrThrow();
      fs.writeFileSync(file, JSON.stringify({ ...stored, hash: head.hash }));
      expect((await own.api('GET', '/api/admin/audit/verify', { token })).body).toMatchObject({ ok: false, checkpoint: { status: 'signature' } });
    } finally {
      await own.close();
    }
  });

  it('entries from before the key keep verifying by the old scheme, and the first keyed entry seals them', async () => {
    const uploads = fs.mkdtempSync(path.join(os.tmpdir(), 'wallet-audit-'));
    const { own, rows, audit } = await logOf(3, { UPLOAD_DIR: uploads });
    try {
      // As migration 054 leaves a deployed log: the entries the database chained, unkeyed, before any keyed one.
      await behindTheServersBack(own.db, (trx) => rechainWithoutKey(trx, rows[0]!.position, true));
      await entry(own.db, { username: 'clerk', ip: null }, 'test.entry', { keyed: true });
      await audit.writeCheckpoint();
      expect(await audit.verify()).toMatchObject({ ok: true, entries: 4, broken: [], checkpoint: { status: 'ok' } });

      // An old entry edited and the old entries re-hashed (anyone can): the keyed entry after them no longer follows.
      const lastOld = rows.at(-1)!.position;
      await behindTheServersBack(own.db, async (trx) => {
        await sql`UPDATE audit_log SET detail = '{"index": 1}'::jsonb WHERE id = ${rows[1]!.id}`.execute(trx);
        await rechainWithoutKey(trx, rows[1]!.position, true, lastOld);
      });
      const firstKeyed = await own.db.selectFrom('audit_log').select(['id', 'position']).where('keyed', '=', true).executeTakeFirstOrThrow();
      expect((await audit.verify()).broken).toEqual([{ id: String(firstKeyed.id), position: String(firstKeyed.position), problem: 'link' }]);

      // The keyed entry re-hashed as an old one too: the chain alone looks whole, the checkpoint does not.
      await behindTheServersBack(own.db, (trx) => rechainWithoutKey(trx, rows[1]!.position, true));
      expect(await audit.verify()).toMatchObject({ ok: false, broken: [], checkpoint: { status: 'rewritten' } });
    } finally {
      await own.close();
    }
  });

  it('entries appended at once from many transactions form one chain', async () => {
    const { own, audit } = await logOf(0);
    try {
      const pause = () => new Promise((resolve) => setTimeout(resolve, 5));
      await Promise.all(
        Array.from({ length: 24 }, (_, index) =>
          index % 2 === 0
            ? entry(own.db, { username: 'racer', ip: null }, 'test.race', { index })
            : // Inside a caller's transaction that goes on after its entry: the next writer waits for the commit.
              own.db.transaction().execute(async (trx) => {
                await trail.record(trx, { username: 'racer', ip: null }, 'test.race', { index });
                await pause();
              }),
        ),
      );
      expect(await audit.verify()).toMatchObject({ ok: true, entries: 24, broken: [] });
    } finally {
      await own.close();
    }
  });
});

describe('the audit key', () => {
  it('is AUDIT_KEY, or one generated once into the data folder and kept there', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wallet-data-'));
    expect(auditSecret({ auditKey: 'k'.repeat(32), dataDir })).toBe('k'.repeat(32));
    expect(fs.existsSync(path.join(dataDir, 'audit.key'))).toBe(false);
    const generated = auditSecret({ auditKey: undefined, dataDir });
    expect(generated.length).toBeGreaterThanOrEqual(32);
    expect(auditSecret({ auditKey: undefined, dataDir })).toBe(generated);
    expect(fs.statSync(path.join(dataDir, 'audit.key')).mode & 0o077).toBe(0);
    expect(fs.readdirSync(dataDir)).toEqual(['audit.key']);
  });
});
