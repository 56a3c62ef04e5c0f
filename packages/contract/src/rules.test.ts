import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from './errors.js';
import { groupAccountNumber, groupPhone, inviteCodeOf, isEnglishName, isSafeDisplayName, isWellFormedText, isValidPhone, joinAccountName, memberIdFromInviteCode, needsEnglishName } from './rules.js';
import { profileUpdateBody, registrationBody } from './schemas.js';

describe('phone rule (SPEC §5, DESIGN §6)', () => {
  it('wants exactly 10 digits in Thailand', () => {
    expect(isValidPhone('0812345678', 'th')).toBe(true);
    expect(isValidPhone('081234567', 'th')).toBe(false);
    expect(isValidPhone('08123456789', 'th')).toBe(false);
    expect(isValidPhone('08123456a8', 'th')).toBe(false);
  });
  it('accepts 8 to 11 digits in the Laos build', () => {
    expect(isValidPhone('20551234', 'la')).toBe(true);
    expect(isValidPhone('02055123456', 'la')).toBe(true);
    expect(isValidPhone('2055123', 'la')).toBe(false);
    expect(isValidPhone('020551234567', 'la')).toBe(false);
  });
});

describe('bank account names', () => {
  it('needs English for KTB, TMB (and its new name TTB) and BBL only', () => {
    expect(['KTB', 'TMB', 'TTB', 'BBL'].every(needsEnglishName)).toBe(true);
    expect(needsEnglishName('KBANK')).toBe(false);
  });
  it('accepts English letters and single spaces only', () => {
    expect(isEnglishName('SOMCHAI JAIDEE')).toBe(true);
    expect(isEnglishName('สมชาย ใจดี')).toBe(false);
    expect(isEnglishName('JOHN 2')).toBe(false);
    expect(isEnglishName('')).toBe(false);
  });
  it('joins first and last name with one space', () => {
    expect(joinAccountName(' JOHN ', ' DOE ')).toBe('JOHN DOE');
  });
});

describe('invite codes and account numbers', () => {
  it('round-trips PR + member id', () => {
    expect(inviteCodeOf('100234')).toBe('PR100234');
    expect(memberIdFromInviteCode('pr100234')).toBe('100234');
    expect(memberIdFromInviteCode('XX100234')).toBeNull();
    expect(memberIdFromInviteCode('PR')).toBeNull();
  });
  it('groups 10-digit account numbers 3-3-rest and leaves others', () => {
    expect(groupAccountNumber('1234567890')).toBe('123-456-7890');
    expect(groupPhone('0812345678', 'th')).toBe('081-234-5678');
    expect(groupPhone('02055512345', 'la')).toBe('020 5551 2345');
    expect(groupPhone('2055512345', 'la')).toBe('20 5551 2345');
    expect(groupPhone('21234567', 'la')).toBe('2123 4567');
    expect(groupAccountNumber('123456789012')).toBe('123456789012');
  });
  // Lao numbers were left whole or cut the Thai way.
  it('groups Lao account numbers by their length: 18 digits 3-2-2-8-3, 13 digits 4-4-5', () => {
    expect(groupAccountNumber('010120001234567001')).toBe('010-12-00-01234567-001');
    expect(groupAccountNumber('1601200012345')).toBe('1601-2000-12345');
    expect(groupAccountNumber('12345678901234567X')).toBe('12345678901234567X');
  });
});

describe('schemas answer codes', () => {
  it('names a missing field KEY_MISSING and a malformed one KEY_INVALID', () => {
    const missing = registrationBody.safeParse({ username: '0812345678' });
    expect(missing.success).toBe(false);
    expect(missing.error?.issues.map((issue) => issue.message)).toContain('KEY_MISSING');
    const malformed = registrationBody.safeParse({
      name: '<b>x</b>',
      username: '0812345678',
      password: 'password1',
      bankCode: 'SCB',
      bankAccountName: 'A B',
      bankAccountNo: '1234567890',
    });
    expect(malformed.error?.issues.map((issue) => issue.message)).toEqual(['KEY_INVALID']);
  });
  it('has no duplicate error codes', () => {
    expect(new Set(ERROR_CODES).size).toBe(ERROR_CODES.length);
  });
});

describe('isWellFormedText', () => {
  it('refuses a NUL byte and lone surrogates, and keeps every real character', () => {
    expect(['a\u0000b', '\ud800', 'x\udc00', 'ab\ud83d'].filter(isWellFormedText)).toEqual([]);
    expect(['สมชาย ใจดี', 'ສົມພອນ', 'John Smith', '😀', ''].every(isWellFormedText)).toBe(true);
  });
});

describe('display names', () => {
  const parse = (name: string) => profileUpdateBody.safeParse({ name });
  it('keeps Thai, Lao, Latin and CJK names, normalising fullwidth letters (NFKC)', () => {
    for (const name of ['สมชาย ใจดี', 'ສົມພອນ', 'John Smith', "O'Neil-Brown", 'José Müller', 'สมชาย Smith', '山田 太郎', '山田 はなこ', 'Ольга', 'Νίκος']) {
      expect(parse(name), name).toMatchObject({ success: true, data: { name } });
    }
    expect(parse('Ａｄｍｉｎ')).toMatchObject({ success: true, data: { name: 'Admin' } });
  });
  it('refuses look-alikes: Latin mixed with Greek or Cyrillic, and names of marks only', () => {
    for (const name of ['Ο Admin', 'Αdmin', 'Аdmin', 'Ѕupport Теам', '\u0e31\u0e34', ' \u0301', 'A \u0301', '123', 'Ольга Νίκος']) {
      expect(parse(name), JSON.stringify(name)).toMatchObject({ success: false, error: { issues: [{ message: 'KEY_INVALID' }] } });
    }
    expect(isSafeDisplayName('Ο Admin')).toBe(false);
  });
});
