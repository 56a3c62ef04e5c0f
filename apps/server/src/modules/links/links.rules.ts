import { type LinkedMember, type MemberLinkKind, type MemberLinkShare, MEMBER_LINK_KINDS, MEMBER_LINKS_MAX, MEMBER_LINKS_PER_VALUE, inviteCodeOf } from '@wallet/contract';
import type { LinkRow } from './links.repository.js';

/** An account number or a phone as an operator sees it in a link: only its last 4 digits. */
export function lastFourOf(value: string): string {
  const digits = value.replace(/\D/g, '');
  return `••••${digits.slice(-4)}`;
}

/** What a link shows of the shared value: masked where it identifies a person's money or phone. */
export function shownValue(row: Pick<LinkRow, 'kind' | 'value' | 'detail' | 'member_id'>, memberId: string): string {
  switch (row.kind) {
    case 'bank_account':
      return `${row.detail ?? ''} ${lastFourOf(row.value ?? '')}`.trim();
    case 'phone':
      return lastFourOf(row.value ?? '');
    case 'device':
      return `${row.value ?? ''} · ${row.detail ?? ''}`;
    case 'inviter':
      return inviteCodeOf(row.member_id);
    case 'invitee':
      return inviteCodeOf(memberId);
    default:
      return row.value ?? '';
  }
}

/** Strongest first: a member who shares more kinds of thing, and the stronger kinds, comes first. */
const weight: Record<MemberLinkKind, number> = { bank_account: 6, phone: 6, device: 5, account_holder: 4, inviter: 3, invitee: 3, address: 1 };

/**
 * The linked members from the repository's rows: one entry per member with what they share, an
 * address left out where the same member shares a device on it (the device says it), at most
 * MEMBER_LINKS_PER_VALUE members per shared value and MEMBER_LINKS_MAX in all; `more` when either
 * cap left someone out.
 */
export function linkedMembers(rows: readonly LinkRow[], memberId: string): { members: LinkedMember[]; more: boolean } {
  let more = false;
  const perValue = new Map<string, LinkRow[]>();
  for (const row of rows) {
    const key = `${row.kind}\0${row.value ?? ''}\0${row.detail ?? ''}`;
    const group = perValue.get(key) ?? [];
    if (!group.some((seen) => seen.member_id === row.member_id)) group.push(row);
    perValue.set(key, group);
  }
  const byMember = new Map<string, { row: LinkRow; shares: MemberLinkShare[]; deviceAddresses: Set<string>; score: number }>();
  for (const group of perValue.values()) {
    if (group.length > MEMBER_LINKS_PER_VALUE) more = true;
    for (const row of [...group].sort((a, b) => compareIds(a.member_id, b.member_id)).slice(0, MEMBER_LINKS_PER_VALUE)) {
      const entry = byMember.get(row.member_id) ?? { row, shares: [], deviceAddresses: new Set<string>(), score: 0 };
      entry.shares.push({ kind: row.kind, value: shownValue(row, memberId) });
      if (row.kind === 'device' && row.value) entry.deviceAddresses.add(row.value);
      byMember.set(row.member_id, entry);
    }
  }
  const order = (kind: MemberLinkKind) => MEMBER_LINK_KINDS.indexOf(kind);
  const entries = [...byMember.values()].map((entry) => {
    const shares = entry.shares
      .filter((share) => share.kind !== 'address' || !entry.deviceAddresses.has(share.value))
      .sort((a, b) => order(a.kind) - order(b.kind) || a.value.localeCompare(b.value));
    const kinds = new Set(shares.map((share) => share.kind));
    return { entry, shares, score: [...kinds].reduce((sum, kind) => sum + weight[kind], 0) };
  });
  entries.sort((a, b) => b.score - a.score || compareIds(a.entry.row.member_id, b.entry.row.member_id));
  if (entries.length > MEMBER_LINKS_MAX) more = true;
  return {
    more,
    members: entries.slice(0, MEMBER_LINKS_MAX).map(({ entry, shares }) => ({
      _id: entry.row.member_id,
      phone: entry.row.phone,
      name: entry.row.name,
      status: entry.row.status,
      shares,
    })),
  };
}

/** Member ids are numeric strings: shorter is smaller. */
const compareIds = (a: string, b: string) => a.length - b.length || (a < b ? -1 : a > b ? 1 : 0);
