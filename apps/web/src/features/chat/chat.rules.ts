import { CHAT, CHAT_IMAGE_TYPES, CHAT_VIDEO_TYPES, type ChatItem } from '@wallet/contract';
import { SITE_PROFILE } from '../../env';
import dayjs from '../../shared/dayjs';

const IMAGE_EXTENSIONS = new Set(['png', 'jpeg', 'jpg', 'gif']);
const VIDEO_EXTENSIONS = new Set(['mp4', 'mov']);
const IMAGE_TYPES = new Set<string>(CHAT_IMAGE_TYPES);
const VIDEO_TYPES = new Set<string>(CHAT_VIDEO_TYPES);

export type AttachmentCheck = { ok: true; kind: 'image' | 'video' } | { ok: false; alert: 'unsupported' } | { ok: false; alert: 'tooLarge'; limitMb: number };

/** SPEC §5 chat attachment: an extension, an accepted type, and at most 10 MB (images) or 20 MB (videos). */
export function checkAttachment(file: { name: string; type: string; size: number }): AttachmentCheck {
  const extension = /\.([A-Za-z0-9]+)$/.exec(file.name)?.[1]?.toLowerCase();
  if (!extension) return { ok: false, alert: 'unsupported' };
  const kind = IMAGE_EXTENSIONS.has(extension) && (file.type === '' || IMAGE_TYPES.has(file.type)) ? 'image' : VIDEO_EXTENSIONS.has(extension) && (file.type === '' || VIDEO_TYPES.has(file.type)) ? 'video' : null;
  if (!kind) return { ok: false, alert: 'unsupported' };
  const limit = kind === 'image' ? CHAT.imageMaxBytes : CHAT.videoMaxBytes;
  if (file.size > limit) return { ok: false, alert: 'tooLarge', limitMb: limit / (1024 * 1024) };
  return { ok: true, kind };
}

/** SPEC §5 chat text: non-blank, at most 2000 characters. */
export const isSendable = (text: string) => text.trim().length > 0 && text.length <= CHAT.textMax;

/** The day a message belongs to, in the site's time zone: a separator goes before each new one. */
export const dayOf = (iso: string) => dayjs(iso).tz(SITE_PROFILE.timeZone).format('YYYY-MM-DD');

/** Items in order, each with whether a date separator goes before it. */
export function withSeparators(items: ChatItem[]): Array<{ item: ChatItem; newDay: boolean }> {
  return items.map((item, index) => ({ item, newDay: index === 0 || dayOf(items[index - 1]!.createdAt) !== dayOf(item.createdAt) }));
}

/** Merges messages from any source (a page, the socket, a catch-up) by sequence number, oldest first. */
export function mergeItems(current: ChatItem[], incoming: ChatItem[]): ChatItem[] {
  const bySeq = new Map(current.map((item) => [item.seq, item]));
  for (const item of incoming) bySeq.set(item.seq, item);
  return [...bySeq.values()].sort((a, b) => a.seq - b.seq);
}
