import { MEMBER_LINKS_MAX, MEMBER_LINKS_PER_VALUE } from '@wallet/contract';
import { describe, expect, it } from 'vitest';
import type { LinkRow } from './links.repository.js';
import { lastFourOf, linkedMembers } from './links.rules.js';

const row = (memberId: number, kind: LinkRow['kind'], value: string | null, detail: string | null = null): LinkRow => ({
  kind,
  value,
  detail,
  member_id: String(memberId),
  phone: `08${String(memberId).padStart(8, '0')}`,
  name: `Member ${memberId}`,
  status: 'active',
});

describe('linked members', () => {
  it('shows only the last 4 digits of an account or a phone', () => {
    expect(lastFourOf('123-4-56789-0')).toBe('••••7890');
    const { members } = linkedMembers([row(2, 'bank_account', '1234567890', 'KBANK'), row(3, 'phone', '0812345678')], '1');
    expect(members.map((member) => member.shares)).toEqual([[{ kind: 'bank_account', value: 'KBANK ••••7890' }], [{ kind: 'phone', value: '••••5678' }]]);
  });

  it('says a device once, not again as its address; the stronger links come first', () => {
    const { members } = linkedMembers([row(5, 'address', '10.0.0.1'), row(4, 'address', '10.0.0.1'), row(4, 'device', '10.0.0.1', 'Browser'), row(9, 'inviter', null)], '1');
    expect(members).toMatchObject([
      { _id: '4', shares: [{ kind: 'device', value: '10.0.0.1 · Browser' }] },
      { _id: '9', shares: [{ kind: 'inviter', value: 'PR9' }] },
      { _id: '5', shares: [{ kind: 'address', value: '10.0.0.1' }] },
    ]);
  });

  it('caps the members per shared value and in all, and says so', () => {
    const crowd = Array.from({ length: MEMBER_LINKS_PER_VALUE + 1 }, (_unused, index) => row(100 + index, 'address', '10.0.0.1'));
    const busy = linkedMembers(crowd, '1');
    expect(busy).toMatchObject({ more: true });
    expect(busy.members).toHaveLength(MEMBER_LINKS_PER_VALUE);
    const many = Array.from({ length: MEMBER_LINKS_MAX + 1 }, (_unused, index) => row(100 + index, 'address', `10.0.${index}.1`));
    expect(linkedMembers(many, '1')).toMatchObject({ more: true, members: { length: MEMBER_LINKS_MAX } });
    expect(linkedMembers(many.slice(0, 3), '1').more).toBe(false);
  });
});
