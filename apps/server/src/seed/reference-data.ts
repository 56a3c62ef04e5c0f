/** Banks of Thailand (slip codes from PAYMENTS.md) and Laos. */
export const THAI_BANKS = [
  ['KBANK', '004', 'ธนาคารกสิกรไทย', 'Kasikornbank'],
  ['SCB', '014', 'ธนาคารไทยพาณิชย์', 'Siam Commercial Bank'],
  ['KTB', '006', 'ธนาคารกรุงไทย', 'Krungthai Bank'],
  ['BBL', '002', 'ธนาคารกรุงเทพ', 'Bangkok Bank'],
  ['TMB', '011', 'ธนาคารทหารไทยธนชาต', 'TMBThanachart Bank'],
  ['BAY', '025', 'ธนาคารกรุงศรีอยุธยา', 'Krungsri'],
  ['GSB', '030', 'ธนาคารออมสิน', 'Government Savings Bank'],
  ['BAAC', '034', 'ธนาคารเพื่อการเกษตรและสหกรณ์การเกษตร', 'BAAC'],
  ['GHB', '033', 'ธนาคารอาคารสงเคราะห์', 'Government Housing Bank'],
  ['CIMB', '022', 'ธนาคารซีไอเอ็มบี ไทย', 'CIMB Thai'],
  ['UOB', '024', 'ธนาคารยูโอบี', 'UOB (Thai)'],
  ['TISCO', '067', 'ธนาคารทิสโก้', 'TISCO Bank'],
  ['KKP', '069', 'ธนาคารเกียรตินาคินภัทร', 'Kiatnakin Phatra'],
  ['ICBC', '070', 'ธนาคารไอซีบีซี (ไทย)', 'ICBC (Thai)'],
  ['TCRB', '071', 'ธนาคารไทยเครดิต', 'Thai Credit Bank'],
  ['LHB', '073', 'ธนาคารแลนด์ แอนด์ เฮ้าส์', 'LH Bank'],
] as const;

/**
 * Lao banks: code, English name (in the Thai and English columns: Thai screens of the Laos build
 * show it), and the Lao-script name Lao screens show. The Lao names are the banks' own, as their
 * Lao-language sites and apps print them; PAYMENTS.md lists them as unconfirmed, so
 * docs/adr/0188-lao-bank-names.md marks them for a Lao reader to check.
 */
export const LAO_BANKS = [
  ['BCEL', 'BCEL', 'ທະນາຄານການຄ້າຕ່າງປະເທດລາວ'],
  ['LDB', 'Lao Development Bank', 'ທະນາຄານພັດທະນາລາວ'],
  ['APB', 'Agricultural Promotion Bank', 'ທະນາຄານສົ່ງເສີມກະສິກຳ'],
  ['JDB', 'Joint Development Bank', 'ທະນາຄານຮ່ວມພັດທະນາ'],
  ['LVB', 'Lao-Viet Bank', 'ທະນາຄານຮ່ວມທຸລະກິດລາວ-ຫວຽດ'],
  ['STB', 'ST Bank', 'ທະນາຄານ ເອັສທີ'],
  ['BIC', 'BIC Bank Lao', 'ທະນາຄານ ບີໄອຊີ ລາວ'],
] as const;

export const SOURCES = [
  ['FACEBOOK', { th: 'เฟซบุ๊ก', lo: 'ເຟສບຸກ', en: 'Facebook' }],
  ['LINE', { th: 'ไลน์', lo: 'ໄລນ໌', en: 'LINE' }],
  ['GOOGLE', { th: 'กูเกิล', lo: 'ກູໂກ', en: 'Google' }],
  ['FRIEND', { th: 'เพื่อนแนะนำ', lo: 'ໝູ່ແນະນຳ', en: 'A friend' }],
  ['OTHER', { th: 'อื่น ๆ', lo: 'ອື່ນໆ', en: 'Other' }],
] as const;

type Texts = Record<'th' | 'lo' | 'en', string[]>;

export const CONTACT: Texts = {
  th: [
    'contactText=ติดต่อทีมงานได้ตลอด 24 ชั่วโมง ผ่านไลน์หรือแชทด้านล่าง',
    'lineLink=https://line.me/R/ti/p/@bahtwallet',
    'lineName=@bahtwallet',
    'lineQR=/contact-qr.svg',
  ],
  lo: [
    'contactText=ຕິດຕໍ່ທີມງານໄດ້ຕະຫຼອດ 24 ຊົ່ວໂມງ ຜ່ານໄລນ໌ ຫຼື ແຊັດດ້ານລຸ່ມ',
    'lineLink=https://line.me/R/ti/p/@bahtwallet',
    'lineName=@bahtwallet',
    'lineQR=/contact-qr.svg',
  ],
  en: [
    'contactText=Our team is here 24 hours a day on LINE or through the chat below.',
    'lineLink=https://line.me/R/ti/p/@bahtwallet',
    'lineName=@bahtwallet',
    'lineQR=/contact-qr.svg',
  ],
};

export const CONDITIONS: Texts = {
  th: [
    '<p><strong>เงื่อนไขการรับโบนัส</strong></p><p>เมื่อรับโบนัส โปรโมชั่น คืนยอดเสีย หรือโบนัสแนะนำเพื่อน ยอดเงินในกระเป๋าและในเกมจะติดเงื่อนไขการถอน</p>',
    '<p>สามารถจบโบนัสได้เมื่อยอดรวมต่ำกว่าเกณฑ์ที่กำหนด และต้องจบโบนัสก่อนฝากครั้งถัดไป</p>',
    '<p>ก่อนจบโบนัส ต้องย้ายเงินทั้งหมดกลับเข้ากระเป๋าหลัก ยอดเงินในเกมจะถูกล้าง</p>',
  ],
  lo: [
    '<p><strong>ເງື່ອນໄຂການຮັບໂບນັດ</strong></p><p>ເມື່ອຮັບໂບນັດ ໂປຣໂມຊັນ ເງິນຄືນ ຫຼື ໂບນັດແນະນຳໝູ່ ຍອດເງິນໃນກະເປົາ ແລະ ໃນເກມຈະຕິດເງື່ອນໄຂການຖອນ</p>',
    '<p>ສາມາດຈົບໂບນັດໄດ້ເມື່ອຍອດລວມຕ່ຳກວ່າເກນທີ່ກຳນົດ ແລະ ຕ້ອງຈົບໂບນັດກ່ອນຝາກຄັ້ງຕໍ່ໄປ</p>',
    '<p>ກ່ອນຈົບໂບນັດ ຕ້ອງຍ້າຍເງິນທັງໝົດກັບເຂົ້າກະເປົາຫຼັກ ຍອດເງິນໃນເກມຈະຖືກລ້າງ</p>',
  ],
  en: [
    '<p><strong>Bonus conditions</strong></p><p>Taking a bonus, promotion, refund or invite bonus puts your wallet and game balances under a withdrawal condition.</p>',
    '<p>A bonus can be ended only when the total is below the threshold, and it must be ended before your next deposit.</p>',
    '<p>Before ending a bonus, move all money back to the main wallet; game balances are cleared.</p>',
  ],
};

export const AGREEMENTS: Texts = {
  th: ['<p>ข้าพเจ้ายืนยันว่ามีอายุ 20 ปีบริบูรณ์ขึ้นไป และยอมรับข้อตกลงการใช้งาน</p>'],
  lo: ['<p>ຂ້າພະເຈົ້າຢືນຢັນວ່າມີອາຍຸ 20 ປີບໍລິບູນຂຶ້ນໄປ ແລະ ຍອມຮັບຂໍ້ຕົກລົງການນຳໃຊ້</p>'],
  en: ['<p>I confirm that I am at least 20 years old and accept the terms of use.</p>'],
};

export const NOTICE: Texts = {
  th: ['เมื่อรับโบนัส สามารถจบโบนัสได้เมื่อยอดเงินต่ำกว่า {percentFail}% ของเงินทั้งหมดที่มีรวมโบนัส'],
  lo: ['ເມື່ອຮັບໂບນັດ ສາມາດຈົບໂບນັດໄດ້ເມື່ອຍອດເງິນຕ່ຳກວ່າ {percentFail}% ຂອງເງິນທັງໝົດທີ່ມີລວມໂບນັດ'],
  en: ['With a bonus, you may end it once your balance is below {percentFail}% of all you hold plus the bonus.'],
};

export const DEMO_MEMBER = {
  phone: '0812345678',
  password: 'demo1234',
  name: 'สมชาย ใจดี',
  bankCode: 'KBANK',
  bankAccountNo: '1234567890',
  bankAccountName: 'สมชาย ใจดี',
  /** 5,000.00 baht in satang. */
  startingBalance: 500_000n,
} as const;

/** The Laos build's demo member: a kip wallet at BCEL. */
export const LAO_DEMO_MEMBER = {
  phone: '2055512345',
  password: 'demo1234',
  name: 'ສົມພອນ ແກ້ວມະນີ',
  bankCode: 'BCEL',
  bankAccountNo: '0101234567890',
  bankAccountName: 'SOMPHONE KEOMANY',
  currency: 'LAK',
  /** 500,000 kip in minor units. */
  startingBalance: 50_000_000n,
} as const;

/** Providers of the sandbox that also take kip in the Laos demo: the rest are for baht wallets only. */
export const KIP_PROVIDERS = ['PG', 'JOKER', 'UFABET', 'BETFLIX'] as const;

/**
 * Every slot code of SPEC §7 in the three categories of SPEC §1. Ratios are not all 1 so the
 * ftWalletSlot conversion is exercised; each is 1/k (docs/adr/0030-ftwalletslot-ratios-are-1-k.md). JOKER, SLOTXO and
 * UFABET log in with a form (SPEC §7). A few do not let the operator end a player's game sessions,
 * so a break is seen both where it ends them and where it cannot (docs/adr/0394).
 */
export const PROVIDERS: ReadonlyArray<{
  code: string;
  name: string;
  category: 'slot' | 'sport' | 'lotto';
  ratio: string;
  loginType: 'link' | 'form';
  hue: number;
  /** Opens the provider's own lobby page directly (SPEC §7 "others open the provider url"). */
  lobby?: boolean;
  /** Has Android/iOS apps; the others show those buttons disabled. */
  apps?: boolean;
  /** Offers no call to end a player's open game sessions (the others do). */
  keepsSessions?: boolean;
}> = [
  { code: 'PG', name: 'PG Soft', category: 'slot', ratio: '1', loginType: 'link', hue: 330, apps: true },
  { code: 'PGSLOT', name: 'PG Slot', category: 'slot', ratio: '1', loginType: 'link', hue: 300 },
  { code: 'JOKER', name: 'Joker Gaming', category: 'slot', ratio: '0.5', loginType: 'form', hue: 45, apps: true },
  { code: 'JOKER2', name: 'Joker 2', category: 'slot', ratio: '0.5', loginType: 'link', hue: 30 },
  { code: 'SLOTXO', name: 'SlotXO', category: 'slot', ratio: '1', loginType: 'form', hue: 200 },
  { code: 'SUPERSLOT', name: 'Superslot', category: 'slot', ratio: '1', loginType: 'link', hue: 260, lobby: true, keepsSessions: true },
  { code: 'SLOTRACHA', name: 'Slot Racha', category: 'slot', ratio: '1', loginType: 'link', hue: 10 },
  { code: 'AREASLOT', name: 'Area Slot', category: 'slot', ratio: '1', loginType: 'link', hue: 160 },
  { code: 'CIRCUS', name: 'Circus', category: 'slot', ratio: '0.1', loginType: 'link', hue: 350 },
  { code: 'UFABET', name: 'UFABET', category: 'sport', ratio: '1', loginType: 'form', hue: 120, apps: true },
  { code: 'SEXYGAME', name: 'Sexy Gaming', category: 'sport', ratio: '1', loginType: 'link', hue: 0, lobby: true, keepsSessions: true },
  { code: 'BETFLIX', name: 'Betflix', category: 'sport', ratio: '1', loginType: 'link', hue: 220 },
  { code: 'ASKMEBET', name: 'AskMeBet', category: 'sport', ratio: '1', loginType: 'link', hue: 180 },
  { code: 'IMI', name: 'IMI Gaming', category: 'sport', ratio: '1', loginType: 'link', hue: 280 },
  { code: 'USUN', name: 'USun', category: 'sport', ratio: '1', loginType: 'link', hue: 50 },
  { code: 'HUAYHD', name: 'Huay HD', category: 'lotto', ratio: '1', loginType: 'link', hue: 100, keepsSessions: true },
];
