import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestServer, insertTestMember, startTestServer } from './harness.js';

let server: TestServer;
let chief: string;
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
    const lines = (await csv.text()).trim().split('\n');
    expect(lines[0]).toBe('time,operator,action,address,detail,id,hash');
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
      for (let index = 0; index < 2500; index += 1) await trx.insertInto('audit_log').values({ actor: 'bulk', action: 'test.bulk', detail: JSON.stringify({ index }) }).execute();
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
