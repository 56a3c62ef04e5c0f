import type { Db } from '../db/database.js';

/** Saved replies agents start with: quick replies, buttons and a card carousel. */
export async function seedDemoChat(db: Db): Promise<void> {
  const exists = await db.selectFrom('chat_templates').select('id').limit(1).executeTakeFirst();
  if (exists) return;
  await db
    .insertInto('chat_templates')
    .values([
      {
        title: 'หัวข้อ',
        message_type: 'quick_replies',
        payload: JSON.stringify({
          text: 'สอบถามเรื่องใดครับ',
          quick_replies: [
            { type: 'postback', title: 'ฝากเงิน', payload: 'TOPIC_DEPOSIT' },
            { type: 'postback', title: 'ถอนเงิน', payload: 'TOPIC_WITHDRAW' },
            { type: 'postback', title: 'โบนัส', payload: 'TOPIC_BONUS' },
          ],
        }),
        payloads: null,
      },
      {
        title: 'ติดต่อ',
        message_type: 'buttons',
        payload: JSON.stringify({
          text: 'ติดต่อทีมงานได้ตลอด 24 ชั่วโมง',
          buttons: [
            { type: 'web', title: 'LINE @bahtwallet', payload: 'https://line.me/R/ti/p/@bahtwallet' },
            { type: 'call', title: 'โทร 02-000-0000', payload: '020000000' },
          ],
        }),
        payloads: null,
      },
      {
        title: 'โปรโมชั่น',
        message_type: 'generic',
        payload: null,
        payloads: JSON.stringify([
          { image_url: '', title: 'โบนัสต้อนรับ 50%', subtitle: 'ฝากครั้งแรก สูงสุด 500 บาท', buttons: [{ type: 'postback', title: 'รับโบนัส', payload: 'BONUS_WELCOME50' }] },
          { image_url: '', title: 'วงล้อนำโชค', subtitle: 'ฝากทุก 100 บาท รับ 1 เหรียญ', buttons: [{ type: 'postback', title: 'หมุนวงล้อ', payload: 'SPIN' }] },
        ]),
      },
    ])
    .execute();
}
