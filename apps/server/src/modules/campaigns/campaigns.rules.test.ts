import { describe, expect, it } from 'vitest';
import { dueInSeconds, textFor } from './campaigns.rules.js';

describe('campaign rules', () => {
  const th = { title: 'โปรใหม่', body: 'ฝากวันนี้รับโบนัส' };
  const en = { title: 'New offer', body: 'Deposit today for a bonus' };

  it('gives the member their language, else the site’s, else the first written', () => {
    expect(textFor({ th, en }, 'en', 'th')).toEqual(en);
    expect(textFor({ th, en }, 'lo', 'th')).toEqual(th);
    expect(textFor({ en }, 'lo', 'th')).toEqual(en);
    expect(textFor({}, 'lo', 'th')).toBeNull();
  });

  it('spreads the notices a second’s allowance at a time', () => {
    expect([0, 1, 2, 3, 4, 5].map((position) => dueInSeconds(position, 2))).toEqual([0, 0, 1, 1, 2, 2]);
    expect(dueInSeconds(10, 0)).toBe(10);
  });
});
