import { sql } from 'kysely';
import type { MemberLinkKind } from '@wallet/contract';
import type { Db } from '../../db/database.js';
import { holderName as holder } from '../../db/holder-name.js';

/** One shared value: `value` (none for an invite) and, for a device and a bank account, `detail` (the browser, the bank). */
export interface LinkRow {
  kind: MemberLinkKind;
  value: string | null;
  detail: string | null;
  member_id: string;
  phone: string;
  name: string;
  status: 'active' | 'blocked';
}

/**
 * Every member who shares an identifying value with `memberId`, one row per member and value, in
 * one statement. Each value is followed to at most `perValue` + 1 members per source (so a busy
 * address or a common name costs a bounded walk of its index, and the caller can tell that more share
 * it); addresses and browsers are the `places` most recently used.
 */
export async function linksOf(db: Db, memberId: bigint, perValue: number, places: number): Promise<LinkRow[]> {
  return (await linksQuery(memberId, perValue, places).execute(db)).rows;
}

/** The statement of `linksOf`, for the bench to read its plan. */
export function linksQuery(memberId: bigint, perValue: number, places: number) {
  const id = sql`${memberId}::bigint`;
  const limit = sql`${perValue + 1}::int`;
  return sql<LinkRow>`
    WITH me AS (
      SELECT id, phone, inviter_id, bank_code, bank_account_no, ${holder('bank_account_name')} AS holder, registered_ip, registered_user_agent, created_at
        FROM members WHERE id = ${id}
    ),
    addresses AS (
      SELECT ip FROM (
        SELECT registered_ip AS ip, created_at AS used_at FROM me WHERE registered_ip IS NOT NULL
        UNION ALL
        SELECT ip, created_at FROM sessions WHERE member_id = ${id} AND ip IS NOT NULL
      ) used GROUP BY ip ORDER BY max(used_at) DESC LIMIT ${places}
    ),
    devices AS (
      SELECT ip, user_agent FROM (
        SELECT registered_ip AS ip, registered_user_agent AS user_agent, created_at AS used_at FROM me WHERE registered_ip IS NOT NULL AND registered_user_agent IS NOT NULL
        UNION ALL
        SELECT ip, user_agent, created_at FROM sessions WHERE member_id = ${id} AND ip IS NOT NULL AND user_agent IS NOT NULL
      ) used GROUP BY ip, user_agent ORDER BY max(used_at) DESC LIMIT ${places}
    ),
    accounts AS (
      SELECT bank_code, bank_account_no FROM me
      UNION
      SELECT DISTINCT bank_code, bank_account_no FROM withdrawals WHERE member_id = ${id}
    ),
    phones AS (
      SELECT phone FROM me
      UNION
      SELECT DISTINCT sender_mobile FROM truemoney_transfers WHERE member_id = ${id}
    ),
    links AS (
      SELECT 'device' AS kind, d.ip AS value, d.user_agent AS detail, o.member_id
        FROM devices d CROSS JOIN LATERAL (
          (SELECT id AS member_id FROM members WHERE registered_ip = d.ip AND registered_user_agent = d.user_agent AND id <> ${id} ORDER BY id LIMIT ${limit})
          UNION
          (SELECT DISTINCT member_id FROM sessions WHERE ip = d.ip AND user_agent = d.user_agent AND member_id <> ${id} ORDER BY member_id LIMIT ${limit})
        ) o
      UNION ALL
      SELECT 'address', a.ip, NULL, o.member_id
        FROM addresses a CROSS JOIN LATERAL (
          (SELECT id AS member_id FROM members WHERE registered_ip = a.ip AND id <> ${id} ORDER BY id LIMIT ${limit})
          UNION
          (SELECT DISTINCT member_id FROM sessions WHERE ip = a.ip AND member_id <> ${id} ORDER BY member_id LIMIT ${limit})
        ) o
      UNION ALL
      SELECT 'bank_account', b.bank_account_no, b.bank_code, o.member_id
        FROM accounts b CROSS JOIN LATERAL (
          (SELECT id AS member_id FROM members WHERE bank_code = b.bank_code AND bank_account_no = b.bank_account_no AND id <> ${id})
          UNION
          (SELECT DISTINCT member_id FROM withdrawals WHERE bank_account_no = b.bank_account_no AND bank_code = b.bank_code AND member_id <> ${id} ORDER BY member_id LIMIT ${limit})
        ) o
      UNION ALL
      SELECT 'account_holder', me.holder, NULL, o.id
        FROM me CROSS JOIN LATERAL (
          SELECT id FROM members WHERE ${holder('bank_account_name')} = me.holder AND id <> ${id} ORDER BY ${holder('bank_account_name')}, id LIMIT ${limit}
        ) o
       WHERE me.holder <> ''
      UNION ALL
      SELECT 'phone', p.phone, NULL, o.member_id
        FROM phones p CROSS JOIN LATERAL (
          (SELECT id AS member_id FROM members WHERE phone = p.phone AND id <> ${id})
          UNION
          (SELECT DISTINCT member_id FROM truemoney_transfers WHERE sender_mobile = p.phone AND member_id IS NOT NULL AND member_id <> ${id} ORDER BY member_id LIMIT ${limit})
        ) o
      UNION ALL
      SELECT 'inviter', NULL, NULL, inviter_id FROM me WHERE inviter_id IS NOT NULL
      UNION ALL
      SELECT 'invitee', NULL, NULL, i.id
        FROM (SELECT id FROM members WHERE inviter_id = ${id} ORDER BY created_at DESC, id DESC LIMIT ${limit}) i
    )
    SELECT l.kind, l.value, l.detail, l.member_id::text AS member_id, m.phone, m.name, m.status
      FROM links l JOIN members m ON m.id = l.member_id
  `;
}

export async function memberExists(db: Db, memberId: bigint): Promise<boolean> {
  return (await db.selectFrom('members').select('id').where('id', '=', memberId).executeTakeFirst()) !== undefined;
}
