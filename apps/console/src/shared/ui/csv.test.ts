import { afterEach, describe, expect, it, vi } from 'vitest';
import { exportAllPages } from './csv';

afterEach(() => vi.restoreAllMocks());

describe('a table exported as CSV', () => {
  it('starts with a UTF-8 byte-order mark, so Excel shows Thai', async () => {
    let saved: Blob | undefined;
    URL.createObjectURL = vi.fn((blob: Blob) => ((saved = blob), 'blob:csv'));
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    await exportAllPages('members.csv', [{ header: 'name', value: (row: { name: string }) => row.name }], async () => ({ rows: [{ name: 'สมชาย' }], total: 1 }));
    const bytes = new Uint8Array(await saved!.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(bytes)).toBe('name\nสมชาย\n');
  });
});
