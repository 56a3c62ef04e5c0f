import sharp from 'sharp';
import type { UploadStorage } from '../adapters/upload-storage.js';
import type { Db } from '../db/database.js';
import { storeBannerImage } from '../modules/promotions/banner-images.js';

/** A banner picture without words (the words are the banner's html, in the reader's language). */
function bannerSvg(from: string, to: string, accent: string): Buffer {
  return Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="900" height="450" viewBox="0 0 900 450">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
  <rect width="900" height="450" fill="url(#g)"/>
  <circle cx="720" cy="120" r="150" fill="${accent}" opacity="0.35"/><circle cx="160" cy="380" r="110" fill="${accent}" opacity="0.25"/>
  <rect x="540" y="250" width="260" height="130" rx="24" fill="#ffffff" opacity="0.18"/>
</svg>`);
}

const html = (th: string, lo: string, en: string) => JSON.stringify({ th, lo, en });

/** Demo offers (DESIGN §7 "a few bonuses and banners"): so a new user sees promotions at once. */
export async function seedDemoPromotions(db: Db, storage: UploadStorage | null): Promise<void> {
  const exists = await db.selectFrom('offers').select('code').limit(1).executeTakeFirst();
  if (exists) return;
  const common = { has_condition: true, clear_mode: 'remaining' as const, status: 'active' as const };
  await db
    .insertInto('offers')
    .values([
      {
        ...common,
        code: 'WELCOME50',
        kind: 'bonus',
        bonus_type: 'limit',
        max_received: 1,
        name: html('โบนัสต้อนรับ 50%', 'ໂບນັດຕ້ອນຮັບ 50%', 'Welcome bonus 50%'),
        description: html('<p>ฝากครั้งแรกรับเพิ่ม 50% สูงสุด 500 บาท</p>', '<p>ຝາກຄັ້ງທຳອິດຮັບເພີ່ມ 50% ສູງສຸດ 500 ບາດ</p>', '<p>50% on your first deposit, up to 500 baht.</p>'),
        reward_mode: 'share',
        reward_percent: 50,
        reward_cap: 50_000n,
        minimum_deposit: 10_000n,
        first_deposit_only: true,
        success_percent: 300,
        fail_percent: 10,
        sort_order: 0,
      },
      // For kip wallets (the Laos build): offers are in one currency, nothing converts.
      {
        ...common,
        code: 'WELCOMEKIP',
        kind: 'bonus',
        currency: 'LAK',
        bonus_type: 'limit',
        max_received: 1,
        name: html('โบนัสต้อนรับ 50% (กีบ)', 'ໂບນັດຕ້ອນຮັບ 50% (ກີບ)', 'Welcome bonus 50% (kip)'),
        description: html('<p>ฝากครั้งแรกรับเพิ่ม 50% สูงสุด 500,000 กีบ</p>', '<p>ຝາກຄັ້ງທຳອິດຮັບເພີ່ມ 50% ສູງສຸດ 500,000 ກີບ</p>', '<p>50% on your first deposit, up to 500,000 kip.</p>'),
        reward_mode: 'share',
        reward_percent: 50,
        reward_cap: 50_000_000n,
        minimum_deposit: 10_000_000n,
        first_deposit_only: true,
        success_percent: 300,
        fail_percent: 10,
        sort_order: 0,
      },
      {
        ...common,
        code: 'DAILY10',
        kind: 'bonus',
        bonus_type: 'day',
        max_received: 1,
        name: html('โบนัสรายวัน 10%', 'ໂບນັດປະຈຳວັນ 10%', 'Daily bonus 10%'),
        description: html('<p>รับ 10% ทุกวัน สูงสุด 200 บาท</p>', '<p>ຮັບ 10% ທຸກມື້ ສູງສຸດ 200 ບາດ</p>', '<p>10% every day, up to 200 baht.</p>'),
        reward_mode: 'share',
        reward_percent: 10,
        reward_cap: 20_000n,
        minimum_deposit: 10_000n,
        success_percent: 200,
        fail_percent: 10,
        sort_order: 1,
      },
      {
        ...common,
        code: 'WEEKEND100',
        kind: 'bonus',
        bonus_type: 'week',
        max_received: 2,
        name: html('โบนัสประจำสัปดาห์ 100 บาท', 'ໂບນັດປະຈຳອາທິດ 100 ບາດ', 'Weekly 100 baht bonus'),
        description: html('<p>ฝาก 300 บาทขึ้นไป รับ 100 บาท สัปดาห์ละ 2 ครั้ง</p>', '<p>ຝາກ 300 ບາດຂຶ້ນໄປ ຮັບ 100 ບາດ ອາທິດລະ 2 ເທື່ອ</p>', '<p>Deposit 300 baht or more, get 100 baht, twice a week.</p>'),
        reward_mode: 'fixed',
        reward_amount: 10_000n,
        minimum_deposit: 30_000n,
        success_percent: 300,
        fail_percent: 10,
        sort_order: 2,
      },
      {
        ...common,
        code: 'NEWYEAR',
        kind: 'promotion',
        bonus_type: null,
        global_cap: 1000,
        name: html('โค้ดปีใหม่', 'ລະຫັດປີໃໝ່', 'New Year code'),
        description: html('<p>ใส่โค้ด NEWYEAR รับ 20% ของยอดฝาก สูงสุด 300 บาท (1,000 สิทธิ์แรก)</p>', '<p>ໃສ່ລະຫັດ NEWYEAR ຮັບ 20% ຂອງຍອດຝາກ ສູງສຸດ 300 ບາດ (1,000 ສິດທຳອິດ)</p>', '<p>Enter NEWYEAR for 20% of your deposit, up to 300 baht (first 1,000 members).</p>'),
        reward_mode: 'share',
        reward_percent: 20,
        reward_cap: 30_000n,
        minimum_deposit: 5_000n,
        success_percent: 200,
        fail_percent: 10,
      },
    ])
    .execute();
  if (!storage) return;
  const banners: { placement: 'invite' | 'refund' | 'bonus'; offer?: string; colours: [string, string, string]; html: string }[] = [
    { placement: 'bonus', offer: 'WELCOME50', colours: ['#0f766e', '#14b8a6', '#fde68a'], html: html('<p><strong>ต้อนรับสมาชิกใหม่</strong> รับเพิ่ม 50%</p>', '<p><strong>ຕ້ອນຮັບສະມາຊິກໃໝ່</strong> ຮັບເພີ່ມ 50%</p>', '<p><strong>Welcome</strong>: 50% more on your first deposit</p>') },
    { placement: 'bonus', offer: 'DAILY10', colours: ['#1d4ed8', '#60a5fa', '#fef08a'], html: html('<p>ฝากทุกวัน รับ 10%</p>', '<p>ຝາກທຸກມື້ ຮັບ 10%</p>', '<p>Deposit daily, get 10%</p>') },
    { placement: 'bonus', offer: 'WEEKEND100', colours: ['#7c3aed', '#c084fc', '#fbcfe8'], html: html('<p>รับ 100 บาท สัปดาห์ละ 2 ครั้ง</p>', '<p>ຮັບ 100 ບາດ ອາທິດລະ 2 ເທື່ອ</p>', '<p>100 baht, twice a week</p>') },
    { placement: 'invite', colours: ['#be123c', '#fb7185', '#fde68a'], html: html('<p><strong>ชวนเพื่อน</strong> รับ 5% ทุกยอดฝากของเพื่อน</p>', '<p><strong>ແນະນຳໝູ່</strong> ຮັບ 5% ທຸກຍອດຝາກຂອງໝູ່</p>', '<p><strong>Invite friends</strong>: 5% of every deposit they make</p>') },
    { placement: 'refund', colours: ['#b45309', '#fbbf24', '#fef3c7'], html: html('<p><strong>คืนยอดเสีย 5%</strong> ทุกวัน</p>', '<p><strong>ຄືນຍອດເສຍ 5%</strong> ທຸກມື້</p>', '<p><strong>5% back</strong> on your losses</p>') },
  ];
  for (const [position, banner] of banners.entries()) {
    const image = await sharp(bannerSvg(...banner.colours)).png().toBuffer();
    const file = await storeBannerImage(storage, image);
    if (!file) continue;
    await db.insertInto('banners').values({ placement: banner.placement, offer_code: banner.offer ?? null, position, image_file: file, html: banner.html }).execute();
  }
}
