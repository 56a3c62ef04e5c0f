import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestServer, registerMember, startTestServer } from './harness.js';

let server: TestServer;
let operatorToken: string;
beforeAll(async () => {
  server = await startTestServer();
  await server.app.adminService.ensureFirstOperator({ username: 'operator', password: 'operator-pass' });
  operatorToken = (await server.api('POST', '/api/admin/login', { body: { username: 'operator', password: 'operator-pass' } })).body.token;
});
afterAll(() => server.close());

const status = (token: string) => server.api('GET', '/api/account/agreement', { token });
const accept = (token: string, body: unknown) => server.api('POST', '/api/account/agreement', { token, body });
const acceptances = async (memberId: string) =>
  (await server.db.selectFrom('agreement_acceptances').select('version').where('member_id', '=', BigInt(memberId)).execute()).map((row) => row.version);

describe('the accepted agreement follows the member (SPEC §2)', () => {
  it('is not accepted at first, is accepted once recorded, and recording again changes nothing', async () => {
    const member = await registerMember(server);
    const first = await status(member.token);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ version: expect.stringMatching(/^[0-9a-f]{64}$/), accepted: false });

    const accepted = await accept(member.token, { version: first.body.version });
    expect(accepted.status).toBe(200);
    expect(accepted.body).toEqual({ version: first.body.version, accepted: true });
    expect((await status(member.token)).body).toEqual({ version: first.body.version, accepted: true });

    expect((await accept(member.token, { version: first.body.version })).status).toBe(200);
    expect(await acceptances(member.id)).toEqual([first.body.version]);
  });

  it('is per member: a second member (on the same phone or not) has not accepted it', async () => {
    const first = await registerMember(server);
    const second = await registerMember(server);
    await accept(first.token, { version: (await status(first.token)).body.version });
    expect((await status(second.token)).body.accepted).toBe(false);
  });

  it('is recorded only for the caller: a member id in the body changes nothing for its member', async () => {
    const owner = await registerMember(server);
    const other = await registerMember(server);
    const { version } = (await status(owner.token)).body;
    const answer = await accept(other.token, { version, memberId: owner.id, member_id: owner.id });
    expect(answer.status).toBe(200);
    expect((await status(owner.token)).body.accepted).toBe(false);
    expect(await acceptances(owner.id)).toEqual([]);
    // Without a token nothing is read or recorded.
    expect((await server.api('GET', '/api/account/agreement')).status).toBe(401);
    expect((await server.api('POST', '/api/account/agreement', { body: { version } })).status).toBe(401);
  });

  it('refuses a version that is not a version', async () => {
    const member = await registerMember(server);
    for (const body of [{}, { version: 'abc' }, { version: 42 }]) {
      const answer = await accept(member.token, body);
      expect(answer.status).toBe(400);
      expect(['KEY_MISSING', 'KEY_INVALID']).toContain(answer.body.message);
    }
    expect(await acceptances(member.id)).toEqual([]);
  });

  it('is asked again once the agreement changes, and the old version can no longer be accepted', async () => {
    const member = await registerMember(server);
    const before = (await status(member.token)).body.version as string;
    await accept(member.token, { version: before });

    const texts = (await server.api('GET', '/api/admin/agreements', { token: operatorToken })).body.agreements;
    // Writing the same texts again is not a change.
    expect((await server.api('PUT', '/api/admin/agreements', { token: operatorToken, body: { agreements: texts } })).status).toBe(200);
    expect((await status(member.token)).body).toEqual({ version: before, accepted: true });

    const changed = { ...texts, en: [...texts.en, '<p>A new clause.</p>'] };
    expect((await server.api('PUT', '/api/admin/agreements', { token: operatorToken, body: { agreements: changed } })).status).toBe(200);
    const after = (await status(member.token)).body;
    expect(after.version).not.toBe(before);
    expect(after.accepted).toBe(false);

    const stale = await accept(member.token, { version: before });
    expect(stale.status).toBe(409);
    expect(stale.body).toEqual({ message: 'AGREEMENT_CHANGED' });
    expect((await accept(member.token, { version: after.version })).body).toEqual({ version: after.version, accepted: true });
    expect((await status(member.token)).body.accepted).toBe(true);
  });
});
