import { describe, expect, it } from 'vitest';
import { KIT_TEXTS } from '@wallet/client-kit/texts';
import i18n from '.';
import { CLUSTER, UNSPLIT_WORDS, WORD_JOINER, ZERO_WIDTH_SPACE, keepWords, withoutBreakMarks } from './keepWords';
import en from './locales/en.json';
import lo from './locales/lo.json';
import th from './locales/th.json';

const strings = (tree: object): string[] => Object.values(tree).flatMap((value) => (typeof value === 'object' && value !== null ? strings(value) : [String(value)]));

describe('keepWords (Thai and Lao loanwords whole on a line)', () => {
  it('joins the letters of a listed word and marks where it meets other words', () => {
    expect(keepWords('หรือแชทด้านล่าง')).toBe(`หรือ${ZERO_WIDTH_SPACE}แ${WORD_JOINER}ช${WORD_JOINER}ท${ZERO_WIDTH_SPACE}ด้านล่าง`);
    // Combining vowels and tone marks stay on their letter: joiners go between grapheme clusters only.
    expect(keepWords('โปรโมชั่น')).toBe(['โ', 'ป', 'ร', 'โ', 'ม', 'ชั่', 'น'].join(WORD_JOINER));
    expect(keepWords('ຮັບໂບນັດ')).toBe(`ຮັບ${ZERO_WIDTH_SPACE}${['ໂ', 'ບ', 'ນັ', 'ດ'].join(WORD_JOINER)}`);
    // PromptPay, in the gateways' names: the dictionary breaks it after its first syllable.
    expect(withoutBreakMarks(keepWords('QR พร้อมเพย์ ช่องทาง 1'))).toBe('QR พร้อมเพย์ ช่องทาง 1');
    expect(keepWords('QR พร้อมเพย์')).toBe(`QR ${['พ', 'ร้', 'อ', 'ม', 'เ', 'พ', 'ย์'].join(WORD_JOINER)}`);
    expect(keepWords('QR ພ້ອມເພ')).toBe(`QR ${['ພ້', 'ອ', 'ມ', 'ເ', 'ພ'].join(WORD_JOINER)}`);
  });

  it("splits every listed word into the grapheme clusters ICU's segmenter finds", () => {
    const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
    for (const word of [...UNSPLIT_WORDS.th, ...UNSPLIT_WORDS.lo]) expect(word.match(CLUSTER)).toEqual([...graphemes.segment(word)].map((part) => part.segment));
  });

  it('leaves other text alone, reads the same once the marks are removed, and is idempotent', () => {
    expect(keepWords('Open account')).toBe('Open account');
    expect(keepWords('เข้าสู่ระบบ')).toBe('เข้าสู่ระบบ');
    const once = keepWords('เปิดโปรโมชั่น แชท คาสิโน');
    expect(keepWords(once)).toBe(once);
    expect(withoutBreakMarks(once)).toBe('เปิดโปรโมชั่น แชท คาสิโน');
  });

  it('lists only words the app says (so the list does not rot)', () => {
    // The app's texts and the client kit's (the error texts) it shows with them.
    for (const [language, tree] of Object.entries({ th, lo })) {
      const text = [...strings(tree), ...strings(KIT_TEXTS[language as 'th' | 'lo'])].join('\n');
      for (const word of UNSPLIT_WORDS[language as 'th' | 'lo']) expect(text, `${language} ${word}`).toContain(word);
    }
    expect([...strings(en), ...strings(KIT_TEXTS.en)].join('').match(/[\u2060\u200B]/)).toBeNull();
  });

  it('runs on every translation, interpolated values included', async () => {
    await i18n.changeLanguage('th');
    expect(i18n.t('contact.chat')).toContain(WORD_JOINER);
    expect(withoutBreakMarks(i18n.t('contact.chat'))).toBe(th.contact.chat);
    await i18n.changeLanguage('lo');
    expect(withoutBreakMarks(i18n.t('menu.bonus'))).toBe(lo.menu.bonus);
    expect(i18n.t('menu.bonus')).toContain(WORD_JOINER);
    await i18n.changeLanguage('th');
  });
});
