import { describe, expect, it } from 'vitest';
import { type Entry, type RuleSettings, expectedFee, match, sameAccount } from './matcher.js';

const at = (minute: number) => new Date(Date.UTC(2026, 10, 1, 3, minute));
const entry = (ref: string, amount: bigint, minute: number, extra: Partial<Entry> = {}): Entry => ({ ref, matchRef: ref, kind: 'payment', currency: 'THB', amount, at: at(minute), ...extra });
const byReference: RuleSettings = { matchOn: 'reference', amountTolerance: 0, dateWindowMinutes: 10, feeBasisPoints: null };
const byAmount: RuleSettings = { matchOn: 'amount', amountTolerance: 0, dateWindowMinutes: 30, feeBasisPoints: null };
const kinds = (result: ReturnType<typeof match>) => result.exceptions.map((item) => `${item.kind}:${item.ours?.ref ?? '-'}:${item.theirs?.ref ?? '-'}`).sort();

describe('matching on the shared reference', () => {
  it('pairs one to one, and names what is ours only, theirs only, of another amount or too far apart', () => {
    const ours = [entry('a', 100n, 0), entry('b', 200n, 0), entry('c', 300n, 0), entry('d', 400n, 0)];
    const theirs = [entry('a', 100n, 1), entry('b', 201n, 0), entry('d', 400n, 11), entry('e', 500n, 0)];
    const result = match(ours, theirs, byReference);
    expect(result.matched.map((pair) => pair.ours[0]!.ref)).toEqual(['a']);
    expect(kinds(result)).toEqual(['amount_differs:b:b', 'date_differs:d:d', 'ours_only:c:-', 'theirs_only:-:e']);
    expect(result.exceptions.find((item) => item.kind === 'amount_differs')!.detail).toEqual({ difference: '1' });
  });

  it('takes the tolerance and the window from the rule, and never pairs across kinds or currencies', () => {
    const ours = [entry('b', 200n, 0), entry('d', 400n, 0), entry('f', 600n, 0), entry('g', 700n, 0)];
    const theirs = [entry('b', 201n, 0), entry('d', 400n, 11), entry('f', 600n, 0, { kind: 'refund' }), entry('g', 700n, 0, { currency: 'LAK' })];
    const loose = match(ours, theirs, { ...byReference, amountTolerance: 1, dateWindowMinutes: 15 });
    expect(loose.matched.map((pair) => pair.ours[0]!.ref).sort()).toEqual(['b', 'd']);
    expect(kinds(loose)).toEqual(['amount_differs:g:g', 'ours_only:f:-', 'theirs_only:-:f']);
  });

  it('checks the fee against the contract rate, net to gross', () => {
    expect(expectedFee(10_000n, 150)).toBe(150n);
    expect(expectedFee(33_333n, 150)).toBe(500n);
    const rule = { ...byReference, feeBasisPoints: 150 };
    const result = match([entry('a', 10_000n, 0), entry('b', 10_000n, 0)], [entry('a', 10_000n, 0, { fee: 150n }), entry('b', 10_000n, 0, { fee: 200n })], rule);
    expect(kinds(result)).toEqual(['amount_differs:b:b']);
    expect(result.exceptions[0]!.detail).toEqual({ fee: '200', expectedFee: '150' });
  });

  it('raises a pair that differs across midnight on the day of our entry only', () => {
    const ourDay = match([entry('a', 100n, 0)], [entry('a', 101n, 5, { outsideDay: true })], byReference);
    const theirDay = match([entry('a', 100n, 0, { outsideDay: true })], [entry('a', 101n, 5)], byReference);
    expect(kinds(ourDay)).toEqual(['amount_differs:a:a']);
    expect(theirDay.exceptions).toEqual([]);
    expect(theirDay.matched).toEqual([]);
  });

  it('leaves out of the day what is outside it and found no partner', () => {
    const result = match([entry('a', 100n, 0), entry('late', 5n, 0, { outsideDay: true })], [entry('a', 100n, 0), entry('early', 5n, 0, { outsideDay: true })], byReference);
    expect(result.exceptions).toEqual([]);
  });
});

describe('matching on amount, account and time', () => {
  const deposit = (ref: string, amount: bigint, minute: number, counterparty: string | null = null): Entry => entry(ref, amount, minute, { matchRef: null, kind: 'deposit', counterparty });

  it('pairs the nearest in time of the same amount and a compatible account', () => {
    const ours = [deposit('o1', 500n, 0, '1231212345'), deposit('o2', 500n, 20, '9999999999')];
    const theirs = [deposit('t-far', 500n, 25, 'xxxxxx1234x'.slice(1)), deposit('t-near', 500n, 2, 'xxxxx1234x'), deposit('t2', 500n, 21, 'xxxxx9999x')];
    const result = match(ours, theirs, byAmount);
    expect(result.matched.map((pair) => `${pair.ours[0]!.ref}=${pair.theirs[0]!.ref}`).sort()).toEqual(['o1=t-near', 'o2=t2']);
    expect(kinds(result)).toEqual(['theirs_only:-:t-far']);
  });

  it('does not pair a payout with one to another account, or outside the window', () => {
    const result = match([deposit('o1', 500n, 0, '1231212345')], [deposit('t1', 500n, 0, 'xxxxx5555x'), deposit('t2', 500n, 31, 'xxxxx1234x')], byAmount);
    expect(result.matched).toEqual([]);
    expect(kinds(result)).toEqual(['ours_only:o1:-', 'theirs_only:-:t1', 'theirs_only:-:t2']);
  });

  it('reads masked accounts from the right, whatever their length', () => {
    expect(sameAccount('x1234x', '1231212345')).toBe(true);
    expect(sameAccount('xxxxx5678x', '020123456789')).toBe(true);
    expect(sameAccount('xxx-x-x1234-x', '123-1-21234-5')).toBe(true);
    expect(sameAccount('xxx-x-x1235-x', '1231212345')).toBe(false);
    expect(sameAccount(null, '1231212345')).toBe(true);
    expect(sameAccount('xxx-x-xxxxx-x', '1231212345')).toBe(true);
  });

  it('matches a bank batch against the deposits of ours it adds up to, even with another of ours between them', () => {
    const batch = deposit('batch', 600n, 3);
    batch.batch = { count: 3, from: at(0), to: at(3) };
    const ours = [deposit('a', 100n, 0), deposit('x', 50n, 1), deposit('b', 200n, 2), deposit('c', 300n, 3)];
    const result = match(ours, [batch], byAmount);
    expect(result.matched).toHaveLength(1);
    expect(result.matched[0]!.ours.map((our) => our.ref)).toEqual(['a', 'b', 'c']);
    expect(kinds(result)).toEqual(['ours_only:x:-']);
  });

  it('leaves a batch that no set of ours adds up to as theirs only', () => {
    const batch = deposit('batch', 600n, 3);
    batch.batch = { count: 3, from: at(0), to: at(3) };
    const result = match([deposit('a', 100n, 0), deposit('b', 200n, 2)], [batch], byAmount);
    expect(kinds(result)).toEqual(['ours_only:a:-', 'ours_only:b:-', 'theirs_only:-:batch']);
    expect(result.exceptions.find((item) => item.kind === 'theirs_only')!.detail).toEqual({ batchOf: 3 });
  });
});
