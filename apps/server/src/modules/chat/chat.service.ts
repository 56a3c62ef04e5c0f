import crypto from 'node:crypto';
import { type AdminConversation, type AgentMessage, CHAT, type ChatItem } from '@wallet/contract';
import { z } from 'zod';
import type { UploadStorage } from '../../adapters/upload-storage.js';
import type { Db } from '../../db/database.js';
import { AppError, badRequest, forbidden, notFound } from '../../errors.js';
import type { AdminContext } from '../../http/context.js';
import type { MemberRow, Members } from '../account/members.js';
import type { OperatorNames } from '../admin/operator-names.js';
import { type ChatFileKind, ChatFileRefused, checkImage, checkVideo } from './chat-files.js';
import * as repo from './chat.repository.js';

export type { Customer } from './chat.repository.js';
type Customer = repo.Customer;

/** An agent's message to a member: its number, and how far the member had read when it was sent. */
export type OnAgentReply = (trx: Db, reply: { memberId: bigint; conversationId: string; seq: number; readSeq: number }) => Promise<void>;

/** Where new messages, read marks and typing go: the customer's room and the agents'. */
export interface ChatHub {
  toCustomer(roomId: string, event: string, data: unknown): void;
  toAgents(event: string, data: unknown): void;
}

const FILE_LINK_LIFETIME_MS = 60 * 60 * 1000;
const incomingMessage = z.object({ message_type: z.string(), payload: z.unknown().optional(), payloads: z.array(z.unknown()).optional() });

/**
 * Support chat: one conversation per customer, every message numbered in order so a
 * client that reconnects asks for what it missed, read and delivered marks on each message, and
 * each new message pushed to the customer's room and the agents' in real time.
 */
/** Who a conversation's items name: its members by id, agents by operator id. */
interface People {
  members: Map<bigint, MemberRow>;
  agents: Map<bigint, string>;
}

export function createChatService(deps: {
  db: Db;
  storage: UploadStorage;
  hub: ChatHub;
  prefix: string;
  fileSecret: string;
  now: () => Date;
  members: Pick<Members, 'findMany'>;
  operatorNames: OperatorNames;
}) {
  const { db, storage, hub, now } = deps;
  const replyHandlers: OnAgentReply[] = [];
  /** Every agent's message to a member, in its transaction: the member may be told of it elsewhere. */
  const replied = async (trx: Db, conversation: repo.ConversationRow, row: repo.MessageRow) => {
    if (conversation.member_id === null) return;
    for (const handler of replyHandlers) await handler(trx, { memberId: conversation.member_id, conversationId: conversation.id, seq: row.seq, readSeq: conversation.customer_read_seq });
  };
  const sign = (name: string, expires: number) => crypto.createHmac('sha256', deps.fileSecret).update(`${name}.${expires}`).digest('base64url');

  /** Media paths are stored bare and signed when read: a link works for an hour, for whoever holds it. */
  function signedPath(path: string): string {
    const name = path.split('/').pop()!;
    const expires = Math.ceil((now().getTime() + FILE_LINK_LIFETIME_MS) / 60_000) * 60_000;
    return `${path}?expires=${expires}&signature=${sign(name, expires)}`;
  }

  function withSignedMedia(type: string, payload: unknown): unknown {
    if (type !== 'media' || typeof payload !== 'object' || payload === null) return payload;
    const media = payload as { filePath?: string };
    return media.filePath ? { ...media, filePath: signedPath(media.filePath) } : payload;
  }

  /** A guest is shown by the public half of their id; the whole id is the guest's secret. */
  const publicGuest = (conversation: repo.ConversationRow) => (conversation.guest_key ? `guest-${conversation.guest_key.slice(0, 8)}` : null);

  /** The members and agents the given conversations and messages name, read in one query each. */
  async function peopleOf(conversations: repo.ConversationRow[], rows: repo.MessageRow[]): Promise<People> {
    const [members, agents] = await Promise.all([
      deps.members.findMany(db, conversations.flatMap((conversation) => (conversation.member_id === null ? [] : [conversation.member_id]))),
      deps.operatorNames.usernames(db, [...rows.map((row) => (row.sender === 'agent' ? row.operator_id : null)), ...conversations.map((conversation) => conversation.assigned_to)]),
    ]);
    return { members, agents };
  }

  /** Messages of one conversation as SPEC §3 items. */
  function itemsOf(rows: repo.MessageRow[], conversation: repo.ConversationRow, people: People): ChatItem[] {
    const member = conversation.member_id === null ? undefined : people.members.get(conversation.member_id);
    const agents = people.agents;
    return rows.map((row) => {
      const message = incomingMessage.parse({ message_type: row.message_type, payload: row.payload ?? undefined, payloads: row.payloads ?? undefined });
      return {
        _id: row.id,
        seq: row.seq,
        sender: row.sender,
        message: { message_type: message.message_type, payload: withSignedMedia(message.message_type, message.payload), ...(message.payloads ? { payloads: message.payloads } : {}), deliver: 'succeed' },
        createdAt: new Date(row.created_at).toISOString(),
        session_id: row.session_id,
        userId: conversation.member_id === null ? null : String(conversation.member_id),
        guestId: publicGuest(conversation),
        username: member?.phone ?? null,
        name: row.sender === 'agent' && row.operator_id !== null ? (agents.get(row.operator_id) ?? null) : (member?.name ?? null),
        deliveredAt: row.delivered_at === null ? null : new Date(row.delivered_at).toISOString(),
        readAt: row.read_at === null ? null : new Date(row.read_at).toISOString(),
      };
    });
  }
  const toItems = async (rows: repo.MessageRow[], conversation: repo.ConversationRow): Promise<ChatItem[]> => itemsOf(rows, conversation, await peopleOf([conversation], rows));
  const toItem = async (row: repo.MessageRow, conversation: repo.ConversationRow): Promise<ChatItem> => (await toItems([row], conversation))[0]!;

  /** Both sides hear of a new message: the customer's room (SPEC §3 item) and the agents' (with its conversation). */
  async function publish(conversation: repo.ConversationRow, row: repo.MessageRow): Promise<ChatItem> {
    const item = await toItem(row, conversation);
    hub.toAgents(CHAT.events.messaging, { conversationId: conversation.id, item });
    hub.toCustomer(roomOf(conversation), CHAT.events.messaging, item);
    return item;
  }

  return {
    config: () => ({ PREFIX: deps.prefix }),

    async send(customer: Customer, body: { message: { message_type: string; payload: unknown }; clientId?: string | undefined }) {
      const { conversation, row, fresh } = await db.transaction().execute(async (trx) => {
        const conversation = await repo.lockConversation(trx, customer);
        if (body.clientId) {
          const replay = await repo.findByClientId(trx, conversation.id, body.clientId);
          if (replay) return { conversation, row: replay, fresh: false };
        }
        if (body.message.message_type === 'media') await ownFile(trx, conversation.id, (body.message.payload as { filePath: string }).filePath);
        const row = await repo.appendMessage(
          trx,
          conversation,
          { sender: 'customer', operator_id: null, message_type: body.message.message_type, payload: JSON.stringify(body.message.payload), payloads: null, client_id: body.clientId ?? null, created_at: now() },
          conversation.status === 'ended',
        );
        return { conversation, row, fresh: true };
      });
      const item = fresh ? await publish(conversation, row) : await toItem(row, conversation);
      return { createdAt: item.createdAt, item };
    },

    async history(customer: Customer, page: { limit: number; skip: number; afterSeq?: number | undefined }) {
      const conversation = await repo.findConversation(db, customer);
      if (!conversation) return { items: [], lastSeq: 0 };
      const rows = await repo.messages(db, conversation.id, page);
      // What the customer's app has now received counts as delivered to them.
      await repo.markMessages(db, conversation.id, ['agent', 'system'], 'delivered_at', now());
      return { items: await toItems(rows, conversation), lastSeq: conversation.last_seq };
    },

    async markRead(customer: Customer) {
      const conversation = await repo.findConversation(db, customer);
      if (!conversation) return { message: 'SUCCESS' };
      const seq = await repo.markMessages(db, conversation.id, ['agent', 'system'], 'read_at', now());
      if (seq > 0) {
        await repo.setReadSeq(db, conversation.id, 'customer_read_seq', seq);
        hub.toAgents(CHAT.events.read, { conversationId: conversation.id, side: 'customer', seq });
      }
      return { message: 'SUCCESS' };
    },

    /** A guest who signs in brings their conversation along. */
    async mergeGuest(memberId: bigint, guestKey: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const guest = await repo.lockExisting(trx, { kind: 'guest', guestKey });
        if (!guest) return;
        const existing = await repo.lockExisting(trx, { kind: 'member', memberId });
        if (!existing) await repo.adoptGuest(trx, guest, memberId);
        else await repo.mergeGuestInto(trx, guest, existing);
      });
    },

    /** Checked by content (chat-files.ts), stored on the upload volume, tied to the conversation. */
    async upload(owner: { customer: Customer } | { conversationId: string }, kind: ChatFileKind, file: { bytes: Buffer; filename: string; truncated: boolean }) {
      const limit = kind === 'image' ? CHAT.imageMaxBytes : CHAT.videoMaxBytes;
      if (file.truncated || file.bytes.length > limit) throw new AppError('CHAT_FILE_TOO_LARGE', 413);
      let checked;
      try {
        checked = kind === 'image' ? await checkImage(file.bytes, file.filename) : checkVideo(file.bytes, file.filename);
      } catch (error) {
        if (error instanceof ChatFileRefused) throw badRequest(error.code);
        throw error;
      }
      const conversationId = 'conversationId' in owner ? owner.conversationId : (await db.transaction().execute((trx) => repo.lockConversation(trx, owner.customer))).id;
      const name = `${crypto.randomUUID()}.${checked.extension}`;
      await storage.put(`chat/${name}`, checked.bytes);
      await repo.insertFile(db, { name, conversation_id: conversationId, content_type: checked.contentType, size: checked.bytes.length });
      return { path: `/api/chat/files/${name}` };
    },

    async file(name: string, expires: number, signature: string): Promise<{ bytes: Buffer; contentType: string }> {
      const expected = Buffer.from(sign(name, expires));
      const given = Buffer.from(signature);
      if (!(given.length === expected.length && crypto.timingSafeEqual(given, expected) && expires > now().getTime())) throw forbidden('KEY_INVALID');
      const row = await repo.findFile(db, name);
      const bytes = row && (await storage.get(`chat/${name}`));
      if (!row || !bytes) throw notFound('NO_DATA');
      return { bytes, contentType: row.content_type };
    },

    // ---------- Agents
    async conversations(agent: AdminContext, filter: 'open' | 'mine' | 'ended'): Promise<AdminConversation[]> {
      const rows = await repo.conversations(db, filter, agent.adminId);
      const last = new Map((await repo.lastMessages(db, rows.map((row) => row.id))).map((row) => [row.conversation_id, row]));
      const people = await peopleOf(rows, [...last.values()]);
      return rows.map((row) => {
          const message = last.get(row.id);
          const member = row.member_id === null ? undefined : people.members.get(row.member_id);
          return {
            _id: row.id,
            status: row.status,
            member: row.member_id === null ? null : { _id: String(row.member_id), name: member?.name ?? '', phone: member?.phone ?? '' },
            guest: publicGuest(row),
            assignedTo: row.assigned_to === null ? null : (people.agents.get(row.assigned_to) ?? null),
            room: roomOf(row),
            unread: Number(row.unread ?? 0),
            lastMessage: message ? itemsOf([message], row, people)[0]! : null,
            lastMessageAt: row.last_message_at === null ? null : new Date(row.last_message_at).toISOString(),
          };
        });
    },

    async agentHistory(conversationId: string, page: { limit: number; before?: number | undefined }) {
      const conversation = await repo.findConversationById(db, conversationId);
      if (!conversation) throw notFound('NO_DATA');
      const rows = await repo.messages(db, conversationId, { limit: page.limit, ...(page.before !== undefined ? { beforeSeq: page.before } : {}) });
      await repo.markMessages(db, conversationId, ['customer'], 'delivered_at', now());
      return { items: await toItems(rows, conversation), lastSeq: conversation.last_seq };
    },

    async agentSend(agent: AdminContext, conversationId: string, body: { message: AgentMessage; clientId?: string | undefined }) {
      const { conversation, row, fresh } = await db.transaction().execute(async (trx) => {
        const conversation = await repo.lockConversationById(trx, conversationId);
        if (!conversation) throw notFound('NO_DATA');
        if (body.clientId) {
          const replay = await repo.findByClientId(trx, conversation.id, body.clientId);
          if (replay) return { conversation, row: replay, fresh: false };
        }
        if (body.message.message_type === 'media') await ownFile(trx, conversation.id, body.message.payload.filePath);
        if (conversation.assigned_to === null) await repo.assign(trx, conversation.id, agent.adminId);
        const message = body.message;
        const row = await repo.appendMessage(
          trx,
          conversation,
          {
            sender: 'agent',
            operator_id: agent.adminId,
            message_type: message.message_type,
            payload: 'payload' in message ? JSON.stringify(message.payload) : null,
            payloads: 'payloads' in message ? JSON.stringify(message.payloads) : null,
            client_id: body.clientId ?? null,
            created_at: now(),
          },
          conversation.status === 'ended',
        );
        await replied(trx, conversation, row);
        return { conversation, row, fresh: true };
      });
      const item = fresh ? await publish(conversation, row) : await toItem(row, conversation);
      return { createdAt: item.createdAt, item };
    },

    /** Runs `handler` in the transaction of every agent's message to a member. */
    onAgentReply(handler: OnAgentReply): void {
      replyHandlers.push(handler);
    },

    /** Whether the member has read, or their app has received, the agent's message `seq` of this conversation. */
    replySeen: (trx: Db, conversationId: string, seq: number) => repo.customerHasSeen(trx, conversationId, seq),

    /** Tells the member's open app, on every node's sockets, that their player protection changed: it reads it again. */
    tellMemberApp(memberId: bigint): void {
      hub.toCustomer(customerRoom({ kind: 'member', memberId }), CHAT.events.protection, {});
    },

    /**
     * A support agent's text to a member, in the caller's transaction (an investigator telling the
     * member why their withdrawals are frozen); the returned `publish` sends it out once that commits.
     */
    async tellMember(trx: Db, agent: Pick<AdminContext, 'adminId'>, memberId: bigint, text: string): Promise<() => Promise<void>> {
      const conversation = await repo.lockConversation(trx, { kind: 'member', memberId });
      const row = await repo.appendMessage(
        trx,
        conversation,
        { sender: 'agent', operator_id: agent.adminId, message_type: 'text', payload: JSON.stringify(text), payloads: null, client_id: null, created_at: now() },
        conversation.status === 'ended',
      );
      await replied(trx, conversation, row);
      return async () => {
        await publish(conversation, row);
      };
    },

    async assign(agent: AdminContext, conversationId: string) {
      await db.transaction().execute(async (trx) => {
        if (!(await repo.lockConversationById(trx, conversationId))) throw notFound('NO_DATA');
        await repo.assign(trx, conversationId, agent.adminId);
      });
      hub.toAgents(CHAT.events.conversation, { conversationId, assignedTo: agent.username });
      return { message: 'SUCCESS' };
    },

    /** Ends the session: an end marker both sides see; the customer's next message opens a new one. */
    async end(agent: AdminContext, conversationId: string) {
      const result = await db.transaction().execute(async (trx) => {
        const conversation = await repo.lockConversationById(trx, conversationId);
        if (!conversation) throw notFound('NO_DATA');
        if (conversation.status === 'ended') return null;
        const row = await repo.appendMessage(trx, conversation, { sender: 'system', operator_id: agent.adminId, message_type: 'end', payload: null, payloads: null, client_id: null, created_at: now() }, false);
        await repo.endConversation(trx, conversationId);
        return { conversation, row };
      });
      if (result) await publish(result.conversation, result.row);
      return { message: 'SUCCESS' };
    },

    async agentRead(conversationId: string) {
      const conversation = await repo.findConversationById(db, conversationId);
      if (!conversation) throw notFound('NO_DATA');
      const seq = await repo.markMessages(db, conversationId, ['customer'], 'read_at', now());
      if (seq > 0) {
        await repo.setReadSeq(db, conversationId, 'agent_read_seq', seq);
        hub.toCustomer(roomOf(conversation), CHAT.events.read, { side: 'agent', seq });
        hub.toAgents(CHAT.events.read, { conversationId, side: 'agent', seq });
      }
      return { message: 'SUCCESS' };
    },
  };

  async function ownFile(trx: Db, conversationId: string, filePath: string): Promise<void> {
    const file = await repo.findFile(trx, filePath.split('/').pop() ?? '');
    if (!file || file.conversation_id !== conversationId) throw badRequest('KEY_INVALID');
  }
}

/**
 * The customer's room inside the server: the member id, or the guest id's public key. A guest joins
 * with the room SPEC §7 names (PREFIX + the whole guest id); the socket checks the id and puts it in
 * this one, so a node that only knows the key (an agent's) still reaches the guest.
 */
export const roomOf = (conversation: Pick<repo.ConversationRow, 'member_id' | 'guest_key'>): string => (conversation.member_id !== null ? `member:${conversation.member_id}` : `guest:${conversation.guest_key}`);
export const customerRoom = (customer: Customer): string => (customer.kind === 'member' ? `member:${customer.memberId}` : `guest:${customer.guestKey}`);
export type ChatService = ReturnType<typeof createChatService>;
