import { type Insertable, type Selectable, sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Database } from '../../db/schema.js';

export type ConversationRow = Selectable<Database['chat_conversations']>;
export type MessageRow = Selectable<Database['chat_messages']>;
export type Customer = { kind: 'member'; memberId: bigint } | { kind: 'guest'; guestKey: string };

const byCustomer = (customer: Customer) => (customer.kind === 'member' ? (['member_id', customer.memberId] as const) : (['guest_key', customer.guestKey] as const));

export function findConversation(db: Db, customer: Customer) {
  const [column, value] = byCustomer(customer);
  return db.selectFrom('chat_conversations').selectAll().where(column, '=', value).executeTakeFirst();
}

/** The customer's conversation, created on first use; locked for the caller's transaction. */
export async function lockConversation(trx: Db, customer: Customer): Promise<ConversationRow> {
  const [column, value] = byCustomer(customer);
  await trx
    .insertInto('chat_conversations')
    .values({ [column]: value, created_at: new Date() })
    .onConflict((oc) => oc.column(column).doNothing())
    .execute();
  return trx.selectFrom('chat_conversations').selectAll().where(column, '=', value).forUpdate().executeTakeFirstOrThrow();
}

export function lockExisting(trx: Db, customer: Customer) {
  const [column, value] = byCustomer(customer);
  return trx.selectFrom('chat_conversations').selectAll().where(column, '=', value).forUpdate().executeTakeFirst();
}

export function lockConversationById(trx: Db, id: string) {
  return trx.selectFrom('chat_conversations').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export function findConversationById(db: Db, id: string) {
  return db.selectFrom('chat_conversations').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findByClientId(trx: Db, conversationId: string, clientId: string) {
  return trx.selectFrom('chat_messages').selectAll().where('conversation_id', '=', conversationId).where('client_id', '=', clientId).executeTakeFirst();
}

/** Appends a message with the conversation's next number; the caller holds the conversation's lock. */
export async function appendMessage(trx: Db, conversation: ConversationRow, message: Omit<Insertable<Database['chat_messages']>, 'conversation_id' | 'seq' | 'session_id'>, reopen: boolean): Promise<MessageRow> {
  const seq = conversation.last_seq + 1;
  const updated = await trx
    .updateTable('chat_conversations')
    .set({
      last_seq: seq,
      last_message_at: message.created_at ?? new Date(),
      ...(reopen ? { status: 'open' as const, session_id: sql<string>`gen_random_uuid()`, assigned_to: null } : {}),
    })
    .where('id', '=', conversation.id)
    .returning(['session_id'])
    .executeTakeFirstOrThrow();
  return trx
    .insertInto('chat_messages')
    .values({ ...message, conversation_id: conversation.id, seq, session_id: updated.session_id })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function endConversation(trx: Db, id: string): Promise<void> {
  await trx.updateTable('chat_conversations').set({ status: 'ended' }).where('id', '=', id).execute();
}

export async function assign(trx: Db, id: string, operatorId: bigint): Promise<void> {
  await trx.updateTable('chat_conversations').set({ assigned_to: operatorId }).where('id', '=', id).execute();
}

/**
 * Newest first, `skip` from the newest; or, after a reconnect, everything after `afterSeq`, oldest
 * first. The page's numbers come from the primary key alone (the skip walks index entries, never
 * rows), then only those messages are read.
 */
export function messages(db: Db, conversationId: string, page: { limit: number; skip?: number; afterSeq?: number; beforeSeq?: number }) {
  const query = db.selectFrom('chat_messages').selectAll().where('conversation_id', '=', conversationId);
  if (page.afterSeq !== undefined) return query.where('seq', '>', page.afterSeq).orderBy('seq', 'asc').limit(500).execute();
  let numbers = db.selectFrom('chat_messages').select('seq').where('conversation_id', '=', conversationId);
  if (page.beforeSeq !== undefined) numbers = numbers.where('seq', '<', page.beforeSeq);
  return query
    .where('seq', 'in', numbers.orderBy('seq', 'desc').limit(page.limit).offset(page.skip ?? 0))
    .orderBy('seq', 'desc')
    .execute();
}

/** Marks the other side's messages up to now delivered or read; answers the highest number marked. */
export async function markMessages(db: Db, conversationId: string, senders: MessageRow['sender'][], mark: 'delivered_at' | 'read_at', at: Date): Promise<number> {
  const rows = await db
    .updateTable('chat_messages')
    .set(mark === 'read_at' ? { read_at: at, delivered_at: sql`coalesce(delivered_at, ${at})` } : { delivered_at: at })
    .where('conversation_id', '=', conversationId)
    .where('sender', 'in', senders)
    .where(mark, 'is', null)
    .returning('seq')
    .execute();
  return rows.reduce((highest, row) => Math.max(highest, row.seq), 0);
}

export async function setReadSeq(db: Db, conversationId: string, side: 'customer_read_seq' | 'agent_read_seq', seq: number): Promise<void> {
  await db
    .updateTable('chat_conversations')
    .set({ [side]: sql`greatest(${sql.ref(side)}, ${seq})` })
    .where('id', '=', conversationId)
    .execute();
}

/** A guest who signs in: their conversation's messages follow the member's (renumbered), and it goes. */
export async function mergeGuestInto(trx: Db, guest: ConversationRow, member: ConversationRow): Promise<number> {
  const moved = await trx.selectFrom('chat_messages').select('seq').where('conversation_id', '=', guest.id).orderBy('seq').execute();
  if (moved.length === 0) {
    await trx.deleteFrom('chat_conversations').where('id', '=', guest.id).execute();
    return member.last_seq;
  }
  // Numbers past both ranges first, so no two rows ever share a (conversation, seq).
  const offset = member.last_seq;
  await trx
    .updateTable('chat_messages')
    .set({ conversation_id: member.id, seq: sql`seq + ${offset}` })
    .where('conversation_id', '=', guest.id)
    .execute();
  await trx.updateTable('chat_files').set({ conversation_id: member.id }).where('conversation_id', '=', guest.id).execute();
  const lastSeq = offset + moved.length;
  await trx
    .updateTable('chat_conversations')
    .set({ last_seq: lastSeq, last_message_at: sql`greatest(last_message_at, ${guest.last_message_at})`, status: 'open' })
    .where('id', '=', member.id)
    .execute();
  await trx.deleteFrom('chat_conversations').where('id', '=', guest.id).execute();
  return lastSeq;
}

export async function adoptGuest(trx: Db, guest: ConversationRow, memberId: bigint): Promise<void> {
  await trx.updateTable('chat_conversations').set({ member_id: memberId, guest_key: null }).where('id', '=', guest.id).execute();
}

// ---------- Files
export async function insertFile(db: Db, file: { name: string; conversation_id: string; content_type: string; size: number }): Promise<void> {
  await db.insertInto('chat_files').values(file).execute();
}

export function findFile(db: Db, name: string) {
  return db.selectFrom('chat_files').selectAll().where('name', '=', name).executeTakeFirst();
}

// ---------- Agents
export function conversations(db: Db, filter: 'open' | 'mine' | 'ended', operatorId: bigint) {
  let query = db
    .selectFrom('chat_conversations as c')
    .selectAll('c')
    .select((eb) =>
      eb
        .selectFrom('chat_messages as u')
        .select((count) => count.fn.countAll<string>().as('n'))
        .whereRef('u.conversation_id', '=', 'c.id')
        .where('u.sender', '=', 'customer')
        .whereRef('u.seq', '>', 'c.agent_read_seq')
        .as('unread'),
    )
    .where('c.last_message_at', 'is not', null);
  if (filter === 'ended') query = query.where('c.status', '=', 'ended');
  else query = query.where('c.status', '=', 'open');
  if (filter === 'mine') query = query.where('c.assigned_to', '=', operatorId);
  return query.orderBy('c.last_message_at', 'desc').limit(200).execute();
}

export function lastMessages(db: Db, conversationIds: string[]) {
  if (conversationIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('chat_messages as m')
    .selectAll('m')
    .where('m.conversation_id', 'in', conversationIds)
    .whereRef('m.seq', '=', (eb) => eb.selectFrom('chat_conversations as c').select('c.last_seq').whereRef('c.id', '=', 'm.conversation_id'))
    .execute();
}

export function templates(db: Db) {
  return db.selectFrom('chat_templates').selectAll().orderBy('title').execute();
}

export function insertTemplate(db: Db, template: Insertable<Database['chat_templates']>) {
  return db.insertInto('chat_templates').values(template).returningAll().executeTakeFirstOrThrow();
}

export async function deleteTemplate(db: Db, id: string): Promise<boolean> {
  const result = await db.deleteFrom('chat_templates').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Whether the customer has read message `seq`, or their app has received it. */
export async function customerHasSeen(db: Db, conversationId: string, seq: number): Promise<boolean> {
  const row = await db
    .selectFrom('chat_messages')
    .innerJoin('chat_conversations', 'chat_conversations.id', 'chat_messages.conversation_id')
    .select(['chat_messages.delivered_at', 'chat_conversations.customer_read_seq'])
    .where('chat_messages.conversation_id', '=', conversationId)
    .where('chat_messages.seq', '=', seq)
    .executeTakeFirst();
  return row !== undefined && (row.delivered_at !== null || row.customer_read_seq >= seq);
}
