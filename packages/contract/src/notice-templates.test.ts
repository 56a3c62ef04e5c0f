import { describe, expect, it } from 'vitest';
import { NOTICE_TEMPLATE_BOUNDS, fillNoticeTemplate, noticeTemplateProblem, spokenNoticeAmount } from './notices.js';

const deposit = { title: 'Deposit credited', body: '{amount} is in your wallet.' };
const support = { title: 'Support replied', body: 'You have a new message from support.' };

describe('notice templates', () => {
  it('take {amount} where the built-in text has it, anywhere in the title or the body', () => {
    expect(noticeTemplateProblem({ title: 'Money in', body: 'We got {amount}, thanks.' }, deposit)).toBeNull();
    expect(noticeTemplateProblem({ title: '{amount} arrived', body: 'Thanks!' }, deposit)).toBeNull();
    expect(noticeTemplateProblem({ title: 'New message', body: 'Tap to read it.' }, support)).toBeNull();
  });

  it('refuse any other brace, {amount} where there is no amount, and a money text without its amount', () => {
    expect(noticeTemplateProblem({ title: 'Hi', body: 'Dear {name}, {amount} arrived.' }, deposit)).toBe('TEMPLATE_PLACEHOLDER');
    expect(noticeTemplateProblem({ title: 'Hi {amount', body: '{amount} arrived.' }, deposit)).toBe('TEMPLATE_PLACEHOLDER');
    expect(noticeTemplateProblem({ title: 'Hi', body: '{AMOUNT} arrived.' }, deposit)).toBe('TEMPLATE_PLACEHOLDER');
    expect(noticeTemplateProblem({ title: 'Hi', body: 'About {amount}.' }, support)).toBe('TEMPLATE_PLACEHOLDER');
    expect(noticeTemplateProblem({ title: 'Money in', body: 'Your deposit arrived.' }, deposit)).toBe('TEMPLATE_AMOUNT_MISSING');
  });

  it('hold the bounds every channel fits, and a one-line title', () => {
    expect(noticeTemplateProblem({ title: 'x'.repeat(NOTICE_TEMPLATE_BOUNDS.title + 1), body: '{amount}' }, deposit)).toBe('TEMPLATE_TOO_LONG');
    expect(noticeTemplateProblem({ title: 'x', body: `{amount}${'x'.repeat(NOTICE_TEMPLATE_BOUNDS.body)}` }, deposit)).toBe('TEMPLATE_TOO_LONG');
    expect(noticeTemplateProblem({ title: '  ', body: '{amount}' }, deposit)).toBe('KEY_MISSING');
    expect(noticeTemplateProblem({ title: 'Two\nlines', body: '{amount}' }, deposit)).toBe('KEY_INVALID');
  });

  it('are filled with the amount as the notice says it, in each currency and language', () => {
    expect(fillNoticeTemplate({ title: '{amount}!', body: 'ได้รับ {amount} แล้ว' }, spokenNoticeAmount(125_000n, 'THB', 'th'))).toEqual({ title: '1,250.00 บาท!', body: 'ได้รับ 1,250.00 บาท แล้ว' });
    expect(spokenNoticeAmount(5_000_000n, 'LAK', 'lo')).toBe('50,000 ກີບ');
    expect(spokenNoticeAmount(2_000n, 'THB', 'en')).toBe('20.00 THB');
  });
});
