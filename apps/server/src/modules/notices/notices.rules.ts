import { NOTICE_CHANNELS, type NoticeChannelChoices, type NoticeChannelName, type NoticeGroup, isServiceGroup } from '@wallet/contract';

/**
 * What a member gets before choosing: service messages on every channel that reaches them; offers
 * on none, since marketing needs the member's consent.
 */
export const DEFAULT_CHANNELS: NoticeChannelChoices = { money: ['line', 'push', 'sms'], support: ['line', 'push'], account: ['line', 'push', 'sms'], offers: [] };

/** Tries on one channel before the next is tried, and the longest wait between them worth making: a deposit notice should not wait on a throttled channel. */
export const TRIES_PER_CHANNEL = 3;
export const LONGEST_RETRY_WAIT_SECONDS = 10;

/**
 * The channels a notice of this group goes through, in the one order (LINE, web push, SMS): the
 * member's choice, SMS only for service messages (it is the last resort, and costs per message).
 */
export function channelsFor(group: NoticeGroup, chosen: NoticeChannelChoices): NoticeChannelName[] {
  const picked = new Set(chosen[group]);
  return NOTICE_CHANNELS.filter((channel) => picked.has(channel) && (channel !== 'sms' || isServiceGroup(group)));
}

/**
 * Why a notice is not sent at all, or null. Under a protection restriction (a break, a
 * self-exclusion) only service messages go; offers also need the member's consent.
 */
export function suppression(group: NoticeGroup, state: { restricted: boolean; consented: boolean }): 'restricted' | 'no_consent' | null {
  if (isServiceGroup(group)) return null;
  if (state.restricted) return 'restricted';
  if (!state.consented) return 'no_consent';
  return null;
}

/** The wait before trying a channel again: 1 s, then 2 s…, or what the channel asked; null: not worth waiting, try the next channel. */
export function retryWaitSeconds(triesSoFar: number, askedSeconds: number | null): number | null {
  if (triesSoFar >= TRIES_PER_CHANNEL) return null;
  const wait = askedSeconds ?? 2 ** (triesSoFar - 1);
  return wait > LONGEST_RETRY_WAIT_SECONDS ? null : wait;
}

/** Minutes after midnight in `timeZone`. */
export function minuteOfDay(at: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(at);
  const value = (type: string) => Number(parts.find((part) => part.type === type)?.value ?? 0);
  return value('hour') * 60 + value('minute');
}

/**
 * When the member's quiet hours end, if `at` falls in them, else null. Quiet hours run from `from`
 * to `to` (minutes of the day), across midnight when `to` is earlier; equal means none.
 */
export function quietUntil(at: Date, quiet: { from: number; to: number }, timeZone: string): Date | null {
  if (quiet.from === quiet.to) return null;
  const minute = minuteOfDay(at, timeZone);
  const inside = quiet.from < quiet.to ? minute >= quiet.from && minute < quiet.to : minute >= quiet.from || minute < quiet.to;
  if (!inside) return null;
  const minutesLeft = (quiet.to - minute + 1440) % 1440;
  const end = new Date(at.getTime() + minutesLeft * 60_000);
  end.setUTCSeconds(0, 0);
  return end;
}
