import { NOTICE_AMOUNT_PLACEHOLDER, type NoticeKind, type NoticeLanguage, type NoticeTexts, fillNoticeTemplate, spokenNoticeAmount } from '@wallet/contract';
import type { NoticeFacts } from './channel.js';

/**
 * The built-in texts of each kind of notice, in each language: what is sent until an operator saves
 * a template of their own for the kind and language (notice-templates.ts), and what a reset returns
 * to. `{amount}` is the notice's amount with its currency. A refusal's reason is not written out:
 * an operator's free text has no place in a LINE chat or on a lock screen; the app shows it.
 */
export const NOTICE_TEXTS: Record<NoticeKind, Record<NoticeLanguage, NoticeTexts>> = {
  deposit_credited: {
    th: { title: 'ฝากเงินสำเร็จ', body: 'ยอด {amount} เข้ากระเป๋าของคุณแล้ว' },
    lo: { title: 'ຝາກເງິນສຳເລັດ', body: 'ຍອດ {amount} ເຂົ້າກະເປົາຂອງທ່ານແລ້ວ' },
    en: { title: 'Deposit credited', body: '{amount} is in your wallet.' },
  },
  withdrawal_paid: {
    th: { title: 'ถอนเงินสำเร็จ', body: 'โอน {amount} เข้าบัญชีธนาคารของคุณแล้ว' },
    lo: { title: 'ຖອນເງິນສຳເລັດ', body: 'ໂອນ {amount} ເຂົ້າບັນຊີທະນາຄານຂອງທ່ານແລ້ວ' },
    en: { title: 'Withdrawal paid', body: '{amount} has been sent to your bank account.' },
  },
  withdrawal_refused: {
    th: { title: 'ถอนเงินไม่สำเร็จ', body: 'รายการถอน {amount} ไม่สำเร็จ เงินกลับเข้ากระเป๋าของคุณแล้ว เปิดแอปเพื่อดูเหตุผล' },
    lo: { title: 'ຖອນເງິນບໍ່ສຳເລັດ', body: 'ລາຍການຖອນ {amount} ບໍ່ສຳເລັດ ເງິນກັບເຂົ້າກະເປົາຂອງທ່ານແລ້ວ ເປີດແອັບເພື່ອເບິ່ງເຫດຜົນ' },
    en: { title: 'Withdrawal not paid', body: 'Your withdrawal of {amount} was not paid and the money is back in your wallet. Open the app to see why.' },
  },
  support_reply: {
    th: { title: 'ฝ่ายบริการตอบกลับแล้ว', body: 'มีข้อความใหม่จากฝ่ายบริการ แตะเพื่ออ่าน' },
    lo: { title: 'ຝ່າຍບໍລິການຕອບກັບແລ້ວ', body: 'ມີຂໍ້ຄວາມໃໝ່ຈາກຝ່າຍບໍລິການ ແຕະເພື່ອອ່ານ' },
    en: { title: 'Support replied', body: 'You have a new message from support. Tap to read it.' },
  },
  bonus_reached: {
    th: { title: 'ทำยอดโบนัสครบแล้ว', body: 'เงื่อนไขโบนัสของคุณครบแล้ว ถอนเงินได้ตามปกติ' },
    lo: { title: 'ເຮັດຍອດໂບນັດຄົບແລ້ວ', body: 'ເງື່ອນໄຂໂບນັດຂອງທ່ານຄົບແລ້ວ ຖອນເງິນໄດ້ຕາມປົກກະຕິ' },
    en: { title: 'Bonus condition met', body: 'Your bonus condition is met: you can withdraw as usual.' },
  },
  bonus_expiring: {
    th: { title: 'รางวัลใกล้หมดอายุ', body: 'รับรางวัล {amount} ของคุณก่อนหมดอายุ' },
    lo: { title: 'ລາງວັນໃກ້ໝົດອາຍຸ', body: 'ຮັບລາງວັນ {amount} ຂອງທ່ານກ່ອນໝົດອາຍຸ' },
    en: { title: 'Prize ending soon', body: 'Claim your {amount} prize before it expires.' },
  },
  limit_raised: {
    th: { title: 'ขีดจำกัดใหม่มีผลแล้ว', body: 'ขีดจำกัดที่คุณขอเพิ่มมีผลแล้ว' },
    lo: { title: 'ຂີດຈຳກັດໃໝ່ມີຜົນແລ້ວ', body: 'ຂີດຈຳກັດທີ່ທ່ານຂໍເພີ່ມມີຜົນແລ້ວ' },
    en: { title: 'New limit in force', body: 'The higher limit you asked for is now in force.' },
  },
  break_ended: {
    th: { title: 'ช่วงพักของคุณสิ้นสุดแล้ว', body: 'ขีดจำกัดที่คุณตั้งไว้ยังคงมีผล' },
    lo: { title: 'ໄລຍະພັກຂອງທ່ານສິ້ນສຸດແລ້ວ', body: 'ຂີດຈຳກັດທີ່ທ່ານຕັ້ງໄວ້ຍັງມີຜົນ' },
    en: { title: 'Your break has ended', body: 'The limits you set still apply.' },
  },
  offer: {
    th: { title: 'ข้อเสนอใหม่', body: 'มีข้อเสนอใหม่สำหรับคุณ แตะเพื่อดู' },
    lo: { title: 'ຂໍ້ສະເໜີໃໝ່', body: 'ມີຂໍ້ສະເໜີໃໝ່ສຳລັບທ່ານ ແຕະເພື່ອເບິ່ງ' },
    en: { title: 'A new offer', body: 'There is a new offer for you. Tap to see it.' },
  },
};

/** Where tapping a notice opens the member app. */
export const NOTICE_PATHS: Record<NoticeKind, string> = {
  deposit_credited: '/user/statement',
  withdrawal_paid: '/user/statement',
  withdrawal_refused: '/user/statement',
  support_reply: '/user/contact',
  bonus_reached: '/user/home',
  bonus_expiring: '/user/home',
  limit_raised: '/user/protection',
  break_ended: '/user/protection',
  offer: '/user/home',
};

/** A kind whose notices carry an amount: its built-in texts say it, and an operator's must keep saying it. */
export const noticeTellsAmount = (kind: NoticeKind): boolean => NOTICE_TEXTS[kind].en.body.includes(NOTICE_AMOUNT_PLACEHOLDER) || NOTICE_TEXTS[kind].en.title.includes(NOTICE_AMOUNT_PLACEHOLDER);

/**
 * The notice's title and body in the member's language, filled with its facts: the operator's
 * template for the kind and language when one is saved, else the built-in text.
 */
export function noticeText(kind: NoticeKind, language: NoticeLanguage, facts: NoticeFacts, template?: NoticeTexts): NoticeTexts {
  const currency = facts.currency === 'LAK' ? 'LAK' : 'THB';
  const amount = facts.amount ? spokenNoticeAmount(BigInt(facts.amount), currency, language) : '';
  return fillNoticeTemplate(template ?? NOTICE_TEXTS[kind][language], amount);
}
