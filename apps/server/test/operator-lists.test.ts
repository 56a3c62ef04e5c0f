// The operator's lists that grow without bound (every member, decided withdrawals and
// slips) count at most to 1,000 (or to the page asked for), and say so; paging by the counts the
// server gives still reaches every row exactly once, in the list's order.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestServer, startTestServer } from './harness.js';

let server: TestServer;
let chief: string;
/** More than the 1,000 a count stops at. */
const LISTED = 1_010;

beforeAll(async () => {
  server = await startTestServer();
  await server.app.adminService.ensureFirstOperator({ username: 'chief', password: 'chief-pass-1' });
  chief = (await server.api('POST', '/api/admin/login', { body: { username: 'chief', password: 'chief-pass-1' } })).body.token;
  // Rows straight into the tables (registering 1,010 members through the API would take minutes):
  // three members, withdrawals or slips share each second, so paging must break ties by id.
  await sql`INSERT INTO members (phone, name, password_hash, bank_code, bank_account_no, bank_account_name, created_at)
    SELECT '09' || lpad(i::text, 8, '0'), 'Listed ' || i, 'not-a-hash', 'SCB', '8' || lpad(i::text, 9, '0'), 'LISTED MEMBER', now() - make_interval(secs => i / 3)
      FROM generate_series(1, ${LISTED}::int) i`.execute(server.db);
  await sql`INSERT INTO withdrawals (member_id, amount, status, bank_code, bank_account_no, bank_account_name, currency, decided_by, decided_at, created_at)
    SELECT id, 10000, 'SUCCESS', bank_code, bank_account_no, bank_account_name, 'THB', 'chief', created_at, created_at FROM members WHERE phone LIKE '09%'`.execute(server.db);
  await sql`INSERT INTO slips (reference, member_id, image_key, status, amount, decided_by, decided_at, created_at)
    SELECT 'listed-' || id, id, 'none', 'SUCCESS', 10000, 'chief', created_at, created_at FROM members WHERE phone LIKE '09%'`.execute(server.db);
  await sql`ANALYZE members, withdrawals, slips`.execute(server.db);
});
afterAll(() => server.close());

interface Page {
  total: number;
  totalCapped: boolean;
  ids: string[];
}

/** Walks a list as the console does: the next page exists while the total is capped or not yet reached. */
async function walk(path: (page: number) => string, read: (body: Record<string, { _id: string }[]>) => { _id: string }[]): Promise<{ pages: Page[]; ids: string[] }> {
  const pages: Page[] = [];
  for (let page = 1; page < 1_000; page += 1) {
    const answer = await server.api('GET', path(page), { token: chief });
    expect(answer.status).toBe(200);
    const ids = read(answer.body).map((row) => row._id);
    pages.push({ total: answer.body.total, totalCapped: answer.body.totalCapped, ids });
    const limit = Number(new URL(path(page), 'http://x').searchParams.get('limit'));
    if (!answer.body.totalCapped && page * limit >= answer.body.total) break;
  }
  return { pages, ids: pages.flatMap((page) => page.ids) };
}

const ordered = async (text: string) => (await sql<{ id: string }>`${sql.raw(text)}`.execute(server.db)).rows.map((row) => String(row.id));

describe('the member list', () => {
  it('counts to 1,000 and says there are more; paging newest first reaches every member once; the last page counts exactly', async () => {
    const first = (await server.api('GET', '/api/admin/members?page=1&limit=25', { token: chief })).body;
    expect(first).toMatchObject({ total: 1_000, totalCapped: true });
    expect(first.members).toHaveLength(25);

    const { pages, ids } = await walk((page) => `/api/admin/members?page=${page}&limit=100`, (body) => body.members!);
    const everyone = await ordered('SELECT id FROM members ORDER BY created_at DESC, id DESC');
    expect(everyone.length).toBeGreaterThan(LISTED);
    expect(ids).toEqual(everyone);
    expect(new Set(ids).size).toBe(ids.length);
    // Past 1,000 the count follows the page: capped while a next page exists, exact on the last.
    expect(pages.slice(0, -1).every((page) => page.totalCapped)).toBe(true);
    expect(pages.at(-1)).toMatchObject({ total: everyone.length, totalCapped: false });
  });

  it('a page past the end is empty and counts exactly', async () => {
    const everyone = (await ordered('SELECT id FROM members')).length;
    expect((await server.api('GET', '/api/admin/members?page=200&limit=50', { token: chief })).body).toEqual({ total: everyone, totalCapped: false, members: [] });
  });

  it('a search by letters every name holds is capped too; a narrow one counts exactly', async () => {
    expect((await server.api('GET', '/api/admin/members?q=listed&limit=25', { token: chief })).body).toMatchObject({ total: 1_000, totalCapped: true });
    const narrow = (await server.api('GET', `/api/admin/members?q=${encodeURIComponent('listed 1005')}`, { token: chief })).body;
    expect(narrow).toMatchObject({ total: 1, totalCapped: false, members: [{ name: 'Listed 1005', phone: '0900001005' }] });
    expect((await server.api('GET', '/api/admin/members?q=0900001005', { token: chief })).body).toMatchObject({ total: 1, totalCapped: false });
  });

  it('finds names by part through a trigram index, on PostgreSQL and on the embedded database alike', async () => {
    const index = await sql<{ indexdef: string }>`SELECT indexdef FROM pg_indexes WHERE indexname = 'members_name_trgm_idx' AND schemaname = current_schema()`.execute(server.db);
    expect(index.rows[0]?.indexdef).toMatch(/USING gin \(name .*gin_trgm_ops\)/);
  });
});

describe('decided withdrawals and slips', () => {
  it('paid withdrawals: counted to 1,000, newest first, each once', async () => {
    expect((await server.api('GET', '/api/admin/withdrawals?status=SUCCESS&page=1&limit=50', { token: chief })).body).toMatchObject({ total: 1_000, totalCapped: true });
    const { pages, ids } = await walk((page) => `/api/admin/withdrawals?status=SUCCESS&page=${page}&limit=50`, (body) => body.withdrawals!);
    expect(ids).toEqual(await ordered(`SELECT id FROM withdrawals WHERE status = 'SUCCESS' ORDER BY created_at DESC, id DESC`));
    expect(ids.length).toBeGreaterThanOrEqual(LISTED);
    expect(pages.at(-1)).toMatchObject({ total: ids.length, totalCapped: false });
  });

  it('credited slips: counted to 1,000, oldest first, each once', async () => {
    expect((await server.api('GET', '/api/admin/slips?status=SUCCESS&page=1&limit=50', { token: chief })).body).toMatchObject({ total: 1_000, totalCapped: true });
    const { pages, ids } = await walk((page) => `/api/admin/slips?status=SUCCESS&page=${page}&limit=50`, (body) => body.slips!);
    expect(ids).toEqual(await ordered(`SELECT id FROM slips WHERE status = 'SUCCESS' ORDER BY created_at, id`));
    expect(ids.length).toBeGreaterThanOrEqual(LISTED);
    expect(pages.at(-1)).toMatchObject({ total: ids.length, totalCapped: false });
  });

  it('a queue under 1,000 counts exactly', async () => {
    expect((await server.api('GET', '/api/admin/withdrawals?status=pending', { token: chief })).body).toMatchObject({ total: 0, totalCapped: false, withdrawals: [] });
    expect((await server.api('GET', '/api/admin/slips?status=FAILED', { token: chief })).body).toMatchObject({ total: 0, totalCapped: false, slips: [] });
  });
});
