import { ENGLISH_NAME_BANKS } from './constants.js';
import { SITE_PROFILES, type Site } from './site.js';

/** SPEC §5 / DESIGN §6: digits only; 10 in Thailand, 8–11 in the Laos build. */
export function isValidPhone(phone: string, site: Site): boolean {
  const { minLength, maxLength } = SITE_PROFILES[site].phone;
  return /^\d+$/.test(phone) && phone.length >= minLength && phone.length <= maxLength;
}

export function needsEnglishName(bankCode: string): boolean {
  return (ENGLISH_NAME_BANKS as readonly string[]).includes(bankCode);
}

/** English letters and single spaces between words, nothing else. */
export function isEnglishName(name: string): boolean {
  return /^[A-Za-z]+( [A-Za-z]+)*$/.test(name.trim());
}

/** SPEC §3: the account name is first plus last name joined by a space. */
export function joinAccountName(firstName: string, lastName: string): string {
  return `${firstName.trim()} ${lastName.trim()}`.trim();
}

/** The invite code of a member is PR + their numeric id (DESIGN §4). */
export function inviteCodeOf(memberId: string): string {
  return `PR${memberId}`;
}

export function memberIdFromInviteCode(code: string): string | null {
  const match = /^PR(\d{1,12})$/i.exec(code.trim());
  return match ? match[1]! : null;
}

/** How an account number of each length is cut into groups to read (docs/adr/0275-account-numbers-grouped-by-length.md). */
const ACCOUNT_GROUPS: Record<number, readonly number[]> = {
  // SPEC §2 Profile: Thai 10-digit numbers 3-3-4.
  10: [3, 3, 4],
  // Lao: BCEL's long numbers in the blocks its statements print (branch, product, currency, serial,
  // suffix); its and other Lao banks' 13-digit numbers in fours with the last five together.
  18: [3, 2, 2, 8, 3],
  13: [4, 4, 5],
};

/** An account number grouped by its length for reading; other lengths as they are. */
export function groupAccountNumber(accountNo: string): string {
  const groups = ACCOUNT_GROUPS[accountNo.length];
  if (!groups || !/^\d+$/.test(accountNo)) return accountNo;
  let start = 0;
  return groups.map((size) => accountNo.slice(start, (start += size))).join('-');
}

/**
 * A phone number as people write it: Thai 10 digits 3-3-4 (081-234-5678); Lao numbers with the
 * last eight digits in two fours after the area or mobile prefix (020 5551 2345, 20 5551 2345,
 * 2123 4567). Anything else as it is.
 */
export function groupPhone(phone: string, site: Site): string {
  if (!/^\d+$/.test(phone)) return phone;
  if (site === 'th') return phone.length === 10 ? `${phone.slice(0, 3)}-${phone.slice(3, 6)}-${phone.slice(6)}` : phone;
  const last = phone.slice(-8);
  const prefix = phone.slice(0, -8);
  return [prefix, last.slice(0, 4), last.slice(4)].filter(Boolean).join(' ');
}

/**
 * Text a member can type: no NUL byte (PostgreSQL cannot store it; it also cuts strings short in
 * C libraries) and no lone UTF-16 surrogate (not a character; it cannot be encoded as UTF-8).
 */
export function isWellFormedText(value: string): boolean {
  return !value.includes('\u0000') && !/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(value);
}

/** Scripts told apart in display names; a letter of any other script counts as `Other`. */
const NAME_SCRIPTS = [
  'Latin', 'Greek', 'Cyrillic', 'Thai', 'Lao', 'Khmer', 'Myanmar', 'Han', 'Hiragana', 'Katakana', 'Hangul', 'Bopomofo',
  'Arabic', 'Hebrew', 'Devanagari', 'Armenian', 'Georgian',
].map((script) => ({ script, pattern: new RegExp(`\\p{Script=${script}}`, 'u') }));
const SHARED = /[\p{Script=Common}\p{Script=Inherited}]/u;
/** Scripts that are written together (UTS #39, "moderately restrictive"). */
const CJK_SETS = [new Set(['Han', 'Hiragana', 'Katakana']), new Set(['Han', 'Hangul']), new Set(['Han', 'Bopomofo'])];

function scriptsOf(text: string): Set<string> {
  const scripts = new Set<string>();
  for (const character of text) {
    if (SHARED.test(character)) continue;
    scripts.add(NAME_SCRIPTS.find(({ pattern }) => pattern.test(character))?.script ?? 'Other');
  }
  return scripts;
}

/**
 * A name shown to other people (chat, the operator's console) must not pass for someone else's.
 * Taken after NFKC (fullwidth letters are then plain ones): it needs a letter, no mark may stand
 * without a letter to sit on, and its letters come from one script, or from Latin plus one other
 * that does not look like Latin (UTS #39 "moderately restrictive": never Latin with Greek or
 * Cyrillic, so 'Ο Admin' with a Greek omicron is refused while 'สมชาย ใจดี' and 'John Smith' pass).
 */
export function isSafeDisplayName(name: string): boolean {
  if (!/\p{L}/u.test(name) || /(^|[^\p{L}\p{M}])\p{M}/u.test(name)) return false;
  const scripts = scriptsOf(name);
  const others = [...scripts].filter((script) => script !== 'Latin');
  if (others.length <= 1) return !(scripts.has('Latin') && (scripts.has('Greek') || scripts.has('Cyrillic')));
  return CJK_SETS.some((allowed) => others.every((script) => allowed.has(script)));
}
