import type { Db } from '../../db/database.js';

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
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export function findProfile(db: Db, memberId: bigint) {
  return db
    .selectFrom('members')
    .innerJoin('banks', 'banks.code', 'members.bank_code')
    .select([
      'members.id',
      'members.name',
      'members.phone',
      'members.created_at',
      'members.bank_code',
      'members.bank_account_no',
      'members.bank_account_name',
      'banks.name_th',
      'banks.name_en',
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
