import { z } from 'zod';

/**
 * Support chat. The message shapes follow SPEC §3 (Chat conversation item, Media payload,
 * Button, Generic card, Message delivery statuses) field by field; sequence numbers, read marks and
 * the guest id the server issues are ours (docs/adr/0165-guests-hold-an-id-the-server-issued.md).
 */
export const CHAT = {
  /** SPEC §9. */
  pageSize: 10,
  textMax: 2000,
  imageMaxBytes: 10 * 1024 * 1024,
  videoMaxBytes: 20 * 1024 * 1024,
  socketCheckMs: 5_000,
  readMarkDelayMs: 1_000,
  scrollBottomPx: 60,
  reconnectDelayMs: 500,
  /** Socket events. */
  events: { join: 'join', messaging: 'messaging', read: 'read', typing: 'typing', conversation: 'conversation', protection: 'protection' },
} as const;
export const CHAT_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif'] as const;
export const CHAT_VIDEO_TYPES = ['video/mp4', 'video/quicktime'] as const;
export const DELIVERY_STATUSES = ['uploading_file', 'sending', 'failed', 'succeed'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

const text = (max: number) =>
  z
    .string({ error: 'KEY_INVALID' })
    .max(max, { error: 'CHAT_TEXT_LENGTH' })
    .refine((value) => value.trim().length > 0, { error: 'CHAT_TEXT_EMPTY' });
const short = z.string({ error: 'KEY_INVALID' }).trim().min(1, { error: 'KEY_INVALID' }).max(200, { error: 'KEY_INVALID' });

/** SPEC §3 Button: web opens its payload, call dials it, postback sends it; any other type sends its title. */
export const chatButton = z.object({ type: z.string().max(20), title: short, payload: z.string().max(2000).default('') });
export type ChatButton = z.infer<typeof chatButton>;
/** SPEC §3 Generic card. */
export const genericCard = z.object({ image_url: z.string().max(2000).default(''), title: short, subtitle: z.string().max(500).default(''), buttons: z.array(chatButton).max(3).default([]) });
export type GenericCard = z.infer<typeof genericCard>;
/** SPEC §3 Media payload. `filePath` is the path an upload answered. */
export const mediaPayload = z.object({
  message: z.string().max(CHAT.textMax).default(''),
  url: z.boolean().default(true),
  fileType: z.enum(['image', 'video', 'file']),
  filePath: z.string().regex(/^\/api\/chat\/files\/[a-z0-9-]+\.(jpg|gif|png|mp4|mov)$/, { error: 'KEY_INVALID' }),
  name: z.string().max(200).default(''),
});
export type MediaPayload = z.infer<typeof mediaPayload>;

/** What a customer may send: text, a picture or video they uploaded, or a button's postback. */
export const customerMessage = z.discriminatedUnion('message_type', [
  z.object({ message_type: z.literal('text'), payload: text(CHAT.textMax) }),
  z.object({ message_type: z.literal('media'), payload: mediaPayload }),
  z.object({ message_type: z.literal('postback'), payload: z.object({ title: short, payload: z.string().max(2000) }) }),
]);
/** What an agent may send besides: buttons, quick replies and a carousel of cards. */
export const agentMessage = z.discriminatedUnion('message_type', [
  z.object({ message_type: z.literal('text'), payload: text(CHAT.textMax) }),
  z.object({ message_type: z.literal('media'), payload: mediaPayload }),
  z.object({ message_type: z.literal('buttons'), payload: z.object({ text: text(CHAT.textMax), buttons: z.array(chatButton).min(1).max(3) }) }),
  z.object({ message_type: z.literal('quick_replies'), payload: z.object({ text: text(CHAT.textMax), quick_replies: z.array(chatButton).min(1).max(10) }) }),
  z.object({ message_type: z.literal('generic'), payloads: z.array(genericCard).min(1).max(10) }),
]);
export type AgentMessage = z.infer<typeof agentMessage>;

/** SPEC §3 Chat conversation item (plus `seq`, the conversation's running number, and the delivered and read marks). */
export const chatItem = z.object({
  _id: z.string(),
  seq: z.number(),
  sender: z.enum(['customer', 'agent', 'system']),
  message: z.object({
    message_type: z.string(),
    payload: z.unknown().optional(),
    payloads: z.array(z.unknown()).optional(),
    deliver: z.enum(DELIVERY_STATUSES),
  }),
  createdAt: z.string(),
  session_id: z.string(),
  userId: z.string().nullable(),
  guestId: z.string().nullable(),
  username: z.string().nullable(),
  name: z.string().nullable(),
  /** When the other side's app received it, and when they read it; null until then. */
  deliveredAt: z.string().nullable(),
  readAt: z.string().nullable(),
});
export type ChatItem = z.infer<typeof chatItem>;

export const chatConfigResponse = z.object({ PREFIX: z.string() });
export const chatGuestResponse = z.object({ guestId: z.string() });
/** The conversation package: the message and, for a resend, the client's own id for it. */
export const chatSendBody = z.object({
  message: customerMessage,
  clientId: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, { error: 'KEY_INVALID' }).optional(),
  userId: z.string().max(40).nullish(),
  guestId: z.string().max(200).nullish(),
});
export const chatSendResponse = z.object({ createdAt: z.string(), item: chatItem });
export const chatHistoryBody = z.object({
  userId: z.string().max(40).nullish(),
  guestId: z.string().max(200).nullish(),
  limit: z.number().int().min(1).max(50).default(CHAT.pageSize),
  skip: z.number().int().min(0).default(0),
  /** After a reconnect: every message after this sequence number, oldest first (ours). */
  afterSeq: z.number().int().min(0).optional(),
});
export const chatHistoryResponse = z.object({ items: z.array(chatItem), lastSeq: z.number() });
export const chatReadBody = z.object({ userId: z.string().max(40).nullish(), guestId: z.string().max(200).nullish() });
export const chatUploadResponse = z.object({ path: z.string() });

// ---------- Agents
export const CONVERSATION_FILTERS = ['open', 'mine', 'ended'] as const;
export const conversationsQuery = z.object({ filter: z.enum(CONVERSATION_FILTERS, { error: 'KEY_INVALID' }).default('open') });
export const adminConversation = z.object({
  _id: z.string(),
  status: z.enum(['open', 'ended']),
  member: z.object({ _id: z.string(), name: z.string(), phone: z.string() }).nullable(),
  /** A guest's public handle (the guest id itself is the guest's secret). */
  guest: z.string().nullable(),
  assignedTo: z.string().nullable(),
  /** The customer's room: agents send typing to it. */
  room: z.string(),
  unread: z.number(),
  lastMessage: chatItem.nullable(),
  lastMessageAt: z.string().nullable(),
});
export type AdminConversation = z.infer<typeof adminConversation>;
export const adminConversationsResponse = z.object({ conversations: z.array(adminConversation) });
export const conversationParams = z.object({ id: z.uuid({ error: 'KEY_INVALID' }) });
export const agentHistoryQuery = z.object({ before: z.coerce.number().int().min(1).optional(), limit: z.coerce.number().int().min(1).max(100).default(30) });
export const agentSendBody = z.object({ message: agentMessage, clientId: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/).optional() });
export const chatTemplate = z.object({ _id: z.string(), title: z.string(), message: agentMessage });
export const chatTemplatesResponse = z.object({ templates: z.array(chatTemplate) });
export const chatTemplateBody = z.object({ title: short, message: agentMessage });
