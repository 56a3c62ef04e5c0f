import { describe, expect, it } from 'vitest';
import { packageRows, parseCsv } from './case-package';

describe("a case's package as CSV", () => {
  it('reads quoted fields with commas, doubled quotes and line breaks, after a byte-order mark', () => {
    expect(parseCsv('\ufeffa,"b, c","say ""hi""",\r\n"two\nlines",x,,\n')).toEqual([
      ['a', 'b, c', 'say "hi"', ''],
      ['two\nlines', 'x', '', ''],
    ]);
  });

  it('names each row by the header, whatever the header adds after a column name', () => {
    const text = '\ufeffsection,time (UTC),item,reference,amount,currency,detail\nmember,,phone,,,,0812345678\nmovement,2026-11-29T07:24:21.964Z,deposit,D8FYD3QN,950,THB,MANUAL\nnote,2026-11-29T07:25:08.236Z,admin,statement.pdf,,,"Asked, twice"\n';
    expect(packageRows(text)).toEqual([
      { section: 'member', time: '', item: 'phone', reference: '', amount: '', currency: '', detail: '0812345678' },
      { section: 'movement', time: '2026-11-29T07:24:21.964Z', item: 'deposit', reference: 'D8FYD3QN', amount: '950', currency: 'THB', detail: 'MANUAL' },
      { section: 'note', time: '2026-11-29T07:25:08.236Z', item: 'admin', reference: 'statement.pdf', amount: '', currency: '', detail: 'Asked, twice' },
    ]);
  });
});
