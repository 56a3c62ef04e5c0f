import type { ChatItem } from '@wallet/contract';
import { describe, expect, it } from 'vitest';
import { checkAttachment, isSendable, mergeItems, withSeparators } from './chat.rules';

const MB = 1024 * 1024;
const item = (seq: number, createdAt: string): ChatItem => ({
  _id: String(seq),
  seq,
  sender: 'customer',
  message: { message_type: 'text', payload: `m${seq}`, deliver: 'succeed' },
  createdAt,
  session_id: 's',
  userId: null,
  guestId: null,
  username: null,
  name: null,
  deliveredAt: null,
  readAt: null,
});

describe('chat rules (SPEC §5)', () => {
  it('accepts pictures up to 10 MB and videos up to 20 MB, with an extension and an accepted type', () => {
    expect(checkAttachment({ name: 'a.JPG', type: 'image/jpeg', size: 10 * MB })).toEqual({ ok: true, kind: 'image' });
    expect(checkAttachment({ name: 'a.png', type: 'image/png', size: 10 * MB + 1 })).toEqual({ ok: false, alert: 'tooLarge', limitMb: 10 });
    expect(checkAttachment({ name: 'clip.mov', type: 'video/quicktime', size: 20 * MB })).toEqual({ ok: true, kind: 'video' });
    expect(checkAttachment({ name: 'clip.mp4', type: 'video/mp4', size: 20 * MB + 1 })).toEqual({ ok: false, alert: 'tooLarge', limitMb: 20 });
    expect(checkAttachment({ name: 'noextension', type: 'image/png', size: 10 })).toEqual({ ok: false, alert: 'unsupported' });
    expect(checkAttachment({ name: 'doc.pdf', type: 'application/pdf', size: 10 })).toEqual({ ok: false, alert: 'unsupported' });
    expect(checkAttachment({ name: 'fake.png', type: 'text/html', size: 10 })).toEqual({ ok: false, alert: 'unsupported' });
  });

  it('sends non-blank text of at most 2000 characters', () => {
    expect(isSendable('  ')).toBe(false);
    expect(isSendable('ก'.repeat(2000))).toBe(true);
    expect(isSendable('ก'.repeat(2001))).toBe(false);
  });

  it('puts a date separator before the first message of each Bangkok day', () => {
    const marks = withSeparators([item(1, '2026-11-24T16:59:00Z'), item(2, '2026-11-24T17:01:00Z'), item(3, '2026-11-24T18:00:00Z')]).map((row) => row.newDay);
    // 16:59 UTC is 23:59 in Bangkok; 17:01 UTC is the next day there.
    expect(marks).toEqual([true, true, false]);
  });

  it('merges pages, socket events and catch-ups by sequence number without duplicates', () => {
    const merged = mergeItems([item(3, '2026-11-25T00:00:00Z'), item(1, '2026-11-25T00:00:00Z')], [item(2, '2026-11-25T00:00:00Z'), item(3, '2026-11-25T00:00:00Z')]);
    expect(merged.map((row) => row.seq)).toEqual([1, 2, 3]);
  });
});
