import type { Site } from '@wallet/contract';
import type { Db } from '../db/database.js';

const texts = (th: string, lo: string, en: string) => JSON.stringify({ th, lo, en });

type Prize = { kind: 'cash' | 'bonus' | 'coins' | 'none'; amount: bigint };
const SLICES: { code: string; label: [string, string, string]; colors: [string, string]; weight: number; prize: Prize }[] = [
  { code: 'CASH10', label: ['10 บาท', '10 ບາດ', '10 baht'], colors: ['#f59e0b', '#1f2937'], weight: 20, prize: { kind: 'cash', amount: 1_000n } },
  { code: 'COIN1', label: ['+1 เหรียญ', '+1 ຫຼຽນ', '+1 coin'], colors: ['#2563eb', '#ffffff'], weight: 20, prize: { kind: 'coins', amount: 1n } },
  { code: 'TRY', label: ['ลองใหม่', 'ລອງໃໝ່', 'Try again'], colors: ['#e5e7eb', '#374151'], weight: 25, prize: { kind: 'none', amount: 0n } },
  { code: 'CASH50', label: ['50 บาท', '50 ບາດ', '50 baht'], colors: ['#16a34a', '#ffffff'], weight: 8, prize: { kind: 'cash', amount: 5_000n } },
  { code: 'BONUS100', label: ['โบนัส 100', 'ໂບນັດ 100', 'Bonus 100'], colors: ['#db2777', '#ffffff'], weight: 5, prize: { kind: 'bonus', amount: 10_000n } },
  { code: 'COIN3', label: ['+3 เหรียญ', '+3 ຫຼຽນ', '+3 coins'], colors: ['#7c3aed', '#ffffff'], weight: 10, prize: { kind: 'coins', amount: 3n } },
  { code: 'CASH20', label: ['20 บาท', '20 ບາດ', '20 baht'], colors: ['#0891b2', '#ffffff'], weight: 10, prize: { kind: 'cash', amount: 2_000n } },
  { code: 'CASH500', label: ['500 บาท', '500 ບາດ', '500 baht'], colors: ['#dc2626', '#fef3c7'], weight: 2, prize: { kind: 'cash', amount: 50_000n } },
];

/** The kip wheel: the same odds, prizes in kip (a thousand kip for each baht of the baht wheel's). */
const KIP_SLICES = SLICES.map((slice) => {
  if (slice.prize.kind !== 'cash' && slice.prize.kind !== 'bonus') return slice;
  const kip = (slice.prize.amount / 100n) * 1000n;
  const shown = kip.toLocaleString('en-US');
  const label: [string, string, string] =
    slice.prize.kind === 'cash' ? [`${shown} กีบ`, `${shown} ກີບ`, `${shown} kip`] : [`โบนัส ${shown}`, `ໂບນັດ ${shown}`, `Bonus ${shown}`];
  return { ...slice, code: `${slice.code}K`, label, prize: { ...slice.prize, amount: kip * 100n } };
});

/**
 * The demo spin campaigns (DESIGN §7 "a spin campaign"), active, so a new user can earn coins and
 * spin at once: one for baht wallets, and in the Laos build one for kip wallets too.
 */
export async function seedDemoSpin(db: Db, site: Site = 'th'): Promise<void> {
  const exists = await db.selectFrom('spin_campaigns').select('id').limit(1).executeTakeFirst();
  if (exists) return;
  await insertCampaign(db, 'THB', SLICES);
  if (site === 'la') await insertCampaign(db, 'LAK', KIP_SLICES);
}

async function insertCampaign(db: Db, currency: 'THB' | 'LAK', slices: typeof SLICES): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const campaign = await trx
      .insertInto('spin_campaigns')
      .values({ name: texts('วงล้อนำโชค', 'ວົງລໍ້ນຳໂຊກ', 'Lucky wheel'), currency, status: 'active', starts_at: null, ends_at: null, created_at: new Date(), updated_at: new Date() })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('spin_slices')
      .values(
        slices.map((slice, position) => ({
          campaign_id: campaign.id,
          position,
          code: slice.code,
          label: texts(...slice.label),
          description: texts(`<p>${slice.label[0]}</p>`, `<p>${slice.label[1]}</p>`, `<p>${slice.label[2]}</p>`),
          bg_color: slice.colors[0],
          text_color: slice.colors[1],
          weight: slice.weight,
          prize_kind: slice.prize.kind,
          prize_amount: slice.prize.amount,
          success_percent: slice.prize.kind === 'bonus' ? 300 : null,
          fail_percent: slice.prize.kind === 'bonus' ? 10 : null,
          coupon_days: 7,
        })),
      )
      .execute();
  });
}
