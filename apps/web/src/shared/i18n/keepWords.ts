/**
 * Thai and Lao have no spaces between words: the browser finds line breaks with ICU's word
 * dictionary. That dictionary lacks many loanwords the app uses, and splits them mid-word
 * ('แช|ท', 'โปร|โม|ชั่น', 'ໂບ|ນັດ'). For the words below we mark the boundaries ourselves: a
 * zero-width space (a break opportunity) where the word meets another word, and a word joiner
 * (no break) between its letters. Both are invisible. Everything else is left to the dictionary.
 *
 * Add a word here when a screenshot at 360 px shows it split (e2e/tests/phone-layout.spec.ts
 * checks every listed word on every screen). Segment a text with
 * `new Intl.Segmenter('th', { granularity: 'word' })` to see how ICU splits it.
 */
export const UNSPLIT_WORDS = {
  th: ['แชท', 'แอดมิน', 'โปรโมชั่น', 'คาสิโน', 'ทรูมันนี่', 'พร้อมเพย์'],
  lo: [
    'ໂບນັດ', 'ໂປຣໂມຊັນ', 'ແອັດມິນ', 'ແຊັດ', 'ສະລິບ', 'ສລິບ', 'ອັບໂຫຼດ', 'ໂຫຼດ', 'ອັບເດດ', 'ເວີຊັນ', 'ເຊດຊັນ', 'ຣີເຊັດ',
    'ວິດີໂອ', 'ຄາສິໂນ', 'ຄ່າຍ', 'ເຊີບເວີ', 'ອິນເຕີເນັດ', 'ເວັບໄຊ', 'ແຄັບຊາ', 'ທຣູມັນນີ່', 'ຂອງຂວັນ', 'ສະແກນ', 'ລ່າສຸດ', 'ປັດເສດ', 'ພ້ອມເພ',
  ],
} as const;

export const WORD_JOINER = '\u2060';
export const ZERO_WIDTH_SPACE = '\u200B';
const INVISIBLE = /[\u2060\u200B]/g;
/** Letters of the two scripts that are broken by dictionary (U+0E00–U+0EFF). */
const LETTER = /[\u0E01-\u0E4E\u0E81-\u0ECD]/;

/**
 * A letter and the marks on it, Thai and Lao AM (ำ, ຳ) among them: the listed words' grapheme
 * clusters, as Intl.Segmenter finds them (keepWords.test.ts holds the two alike for every listed
 * word). Not the Segmenter itself: making one loads ICU's break data, ~5 ms of the app's start on
 * this machine and four times that on a slow phone.
 */
export const CLUSTER = /\P{M}[\p{M}\u0E33\u0EB3]*/gu;
const words: string[] = [...UNSPLIT_WORDS.th, ...UNSPLIT_WORDS.lo].sort((a, b) => b.length - a.length);
const pattern = new RegExp(words.join('|'), 'g');
const joined = new Map(words.map((word) => [word, (word.match(CLUSTER) ?? []).join(WORD_JOINER)]));

/** The text with the listed words kept whole on a line; already-processed text comes back unchanged. */
export function keepWords(text: string): string {
  if (!LETTER.test(text)) return text;
  const plain = text.replace(INVISIBLE, '');
  return plain.replace(pattern, (word, offset: number) => {
    const before = offset > 0 && LETTER.test(plain[offset - 1]!) ? ZERO_WIDTH_SPACE : '';
    const next = plain[offset + word.length];
    const after = next !== undefined && LETTER.test(next) ? ZERO_WIDTH_SPACE : '';
    return `${before}${joined.get(word)}${after}`;
  });
}

/** For comparisons and copies: the text as typed. */
export function withoutBreakMarks(text: string): string {
  return text.replace(INVISIBLE, '');
}
