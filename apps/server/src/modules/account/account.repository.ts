import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { COUNT_CAP } from '../../db/capped-total.js';

export async function phoneExists(db: Db, phone: string): Promise<boolean> {
  return !!(await db.selectFrom('members').select('id').where('phone', '=', phone).executeTakeFirst());
}

export async function bankAccountExists(db: Db, bankCode: string, bankAccountNo: string): Promise<boolean> {
  const row = await db
    .selectFrom('members')
    .select('id')
    .where('bank_code', '=', bankCode)
    .where('bank_account_no', '=', bankAccountNo)
    .executeTakeFirst();
  return !!row;
}

export async function memberExists(db: Db, id: string): Promise<boolean> {
  return !!(await db.selectFrom('members').select('id').where('id', '=', BigInt(id)).executeTakeFirst());
}

export async function insertMember(
  db: Db,
  member: {
    phone: string;
    name: string;
    passwordHash: string;
    bankCode: string;
    bankAccountNo: string;
    bankAccountName: string;
    currency: string;
    sourceCode: string | null;
    inviterId: bigint | null;
    registeredIp?: string | null;
    registeredUserAgent?: string | null;
  },
): Promise<bigint> {
  const row = await db
    .insertInto('members')
    .values({
      phone: member.phone,
      name: member.name,
      password_hash: member.passwordHash,
      bank_code: member.bankCode,
      bank_account_no: member.bankAccountNo,
      bank_account_name: member.bankAccountName,
      currency: member.currency,
      source_code: member.sourceCode,
      inviter_id: member.inviterId,
      registered_ip: member.registeredIp ?? null,
      registered_user_agent: member.registeredUserAgent ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export function findProfile(db: Db, memberId: bigint) {
  return db
    .selectFrom('members')
    .select([
      'members.id',
      'members.name',
      'members.phone',
      'members.created_at',
      'members.bank_code',
      'members.bank_account_no',
      'members.bank_account_name',
      'members.currency',
    ])
    .where('members.id', '=', memberId)
    .executeTakeFirst();
}

export async function findPasswordHash(db: Db, memberId: bigint): Promise<string | undefined> {
  const row = await db.selectFrom('members').select('password_hash').where('id', '=', memberId).executeTakeFirst();
  return row?.password_hash;
}

export async function updateMember(
  db: Db,
  memberId: bigint,
  change: { name?: string; bank_account_name?: string; password_hash?: string },
): Promise<void> {
  await db
    .updateTable('members')
    .set({ ...change, updated_at: new Date() })
    .where('id', '=', memberId)
    .execute();
}

// ---------- The operator's view (member-admin.service.ts)

const summaryColumns = ['members.id', 'members.phone', 'members.name', 'members.status', 'members.bank_code', 'members.bank_account_no', 'members.created_at'] as const;

/**
 * Members matching what an operator typed: phone or account number prefix, exact id, or part of the
 * name. Digits alone are a phone, an account number or an id, never part of a name: they are found
 * from the prefix indexes without reading every member's name.
 *
 * One statement finds the matches once: a name search reads the trigram index, whose
 * cost grows with the members sharing the name's letters, so the count and the page must not read it
 * twice. Up to one match past the cap is collected; when that is all of them, the page is cut from
 * those, else (a broad search) from the newest members walked in order, as a capped count allows.
 */
export async function searchMembers(db: Db, search: { text: string; memberId: bigint | null }, page: number, limit: number) {
  const escaped = search.text.replace(/[%_\\]/g, '\\$&');
  const digitsOnly = /^\d+$/.test(search.text);
  const filter =
    search.text === ''
      ? sql`true`
      : sql`(members.phone LIKE ${`${escaped}%`} OR members.bank_account_no LIKE ${`${escaped}%`}${digitsOnly ? sql`` : sql` OR members.name ILIKE ${`%${escaped}%`}`}${
          search.memberId !== null ? sql` OR members.id = ${search.memberId}` : sql``
        })`;
  const cap = Math.max(COUNT_CAP, page * limit);
  const offset = (page - 1) * limit;
  const { rows } = await sql<{
    matches: string;
    id: bigint | null;
    phone: string;
    name: string;
    status: 'active' | 'blocked';
    bank_code: string;
    bank_account_no: string;
    created_at: Date;
  }>`WITH matched AS MATERIALIZED (SELECT members.id, members.created_at FROM members WHERE ${filter} LIMIT ${cap + 1}),
  counted AS (SELECT count(*) AS matches FROM matched),
  page AS (
    (SELECT matched.id, matched.created_at FROM matched WHERE (SELECT matches FROM counted) <= ${cap}
      ORDER BY matched.created_at DESC, matched.id DESC LIMIT ${limit} OFFSET ${offset})
    UNION ALL
    (SELECT members.id, members.created_at FROM members WHERE (SELECT matches FROM counted) > ${cap} AND ${filter}
      ORDER BY members.created_at DESC, members.id DESC LIMIT ${limit} OFFSET ${offset})
  )
SELECT counted.matches, members.id, members.phone, members.name, members.status, members.bank_code, members.bank_account_no, members.created_at
  FROM counted LEFT JOIN (page JOIN members ON members.id = page.id) ON true
 ORDER BY members.created_at DESC, members.id DESC`.execute(db);
  const matches = Number(rows[0]?.matches ?? 0);
  return {
    total: Math.min(matches, cap),
    totalCapped: matches > cap,
    rows: rows.flatMap(({ matches: _matches, id, ...row }) => (id === null ? [] : [{ id, ...row }])),
  };
}

export function memberForOperator(db: Db, memberId: bigint) {
  return db
    .selectFrom('members')
    .leftJoin('members as inviter', 'inviter.id', 'members.inviter_id')
    .select([
      ...summaryColumns,
      'members.bank_account_name',
      'members.currency',
      'members.source_code',
      'inviter.id as inviter_id',
      'inviter.phone as inviter_phone',
      'inviter.name as inviter_name',
      sql<string>`(SELECT count(*) FROM members AS invitee WHERE invitee.inviter_id = members.id)`.as('invitees'),
    ])
    .where('members.id', '=', memberId)
    .executeTakeFirst();
}

export async function inviteesOf(db: Db, memberId: bigint, page: number, limit: number) {
  const query = db.selectFrom('members').where('inviter_id', '=', memberId);
  const [rows, total] = await Promise.all([
    query.select(summaryColumns).orderBy('members.created_at', 'desc').limit(limit).offset((page - 1) * limit).execute(),
    query.select(sql<string>`count(*)`.as('count')).executeTakeFirstOrThrow(),
  ]);
  return { total: Number(total.count), rows };
}

/** What other modules read of a member's row (members.ts). */
const memberColumns = ['id', 'phone', 'name', 'status', 'currency', 'inviter_id', 'bank_code', 'bank_account_no', 'bank_account_name', 'registered_ip', 'registered_user_agent', 'created_at'] as const;

/**
 * The member's row, locked as the first lock of every transaction that changes the member or moves
 * their money (the ledger README's lock order). FOR NO KEY UPDATE: one such transaction of a member
 * at a time, while rows that merely refer to the member (a withdrawal, a message) are written freely.
 */
export function lockMember(db: Db, memberId: bigint) {
  return db.selectFrom('members').select(memberColumns).where('id', '=', memberId).forNoKeyUpdate().executeTakeFirst();
}

export function findMemberRow(db: Db, memberId: bigint) {
  return db.selectFrom('members').select(memberColumns).where('id', '=', memberId).executeTakeFirst();
}

export async function setMemberStatus(db: Db, memberId: bigint, status: 'active' | 'blocked'): Promise<void> {
  await db.updateTable('members').set({ status, updated_at: new Date() }).where('id', '=', memberId).execute();
}

export async function setBankAccount(db: Db, memberId: bigint, account: { bankCode: string; bankAccountNo: string; bankAccountName: string }): Promise<void> {
  await db
    .updateTable('members')
    .set({ bank_code: account.bankCode, bank_account_no: account.bankAccountNo, bank_account_name: account.bankAccountName, updated_at: new Date() })
    .where('id', '=', memberId)
    .execute();
}

/** Sign-in's read (members.ts): the member with this phone and their password hash. */
export function credentialsOf(db: Db, phone: string) {
  return db.selectFrom('members').select(['id', 'password_hash', 'status', 'currency']).where('phone', '=', phone).executeTakeFirst();
}

export async function setPasswordHash(db: Db, memberId: bigint, passwordHash: string): Promise<void> {
  await db.updateTable('members').set({ password_hash: passwordHash, updated_at: new Date() }).where('id', '=', memberId).execute();
}

export async function inactiveMemberIds(db: Db): Promise<bigint[]> {
  return (await db.selectFrom('members').select('id').where('status', '<>', 'active').execute()).map((row) => row.id);
}

/** Many members' rows in one query (a page's, a report's), by id; unknown ids are left out. */
export function findMemberRows(db: Db, memberIds: readonly bigint[]) {
  if (memberIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('members').select(memberColumns).where('id', 'in', [...new Set(memberIds)]).execute();
}

export function findMemberRowByPhone(db: Db, phone: string) {
  return db.selectFrom('members').select(memberColumns).where('phone', '=', phone).executeTakeFirst();
}

/** How many members registered with this member's invite code. */
export async function inviteeCount(db: Db, inviterId: bigint): Promise<number> {
  const row = await db.selectFrom('members').select((eb) => eb.fn.countAll<string>().as('count')).where('inviter_id', '=', inviterId).executeTakeFirstOrThrow();
  return Number(row.count);
}
