import crypto from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestServer, approvedBySecondOperator, startTestServer } from './harness.js';

let server: TestServer;
let chief: string;
beforeAll(async () => {
  server = await startTestServer();
  await server.app.adminService.ensureFirstOperator({ username: 'chief', password: 'chief-pass-1' });
  chief = (await server.api('POST', '/api/admin/login', { body: { username: 'chief', password: 'chief-pass-1' } })).body.token;
});
afterAll(() => server.close());

const uniqueCode = (prefix: string) => `${prefix}${crypto.randomBytes(3).toString('hex').toUpperCase()}`;
const offerTerms = {
  name: { th: 'โบนัสทดสอบ', lo: 'ໂບນັດທົດສອບ', en: 'Test bonus' },
  description: { th: '<p>ทดสอบ</p>', lo: '<p>ທົດສອບ</p>', en: '<p>Test</p>' },
  rewardMode: 'share',
  rewardPercent: 50,
  rewardAmount: null,
  rewardCap: 500,
  minimumDeposit: 100,
  hasCondition: true,
  successPercent: 300,
  failPercent: 10,
  clearMode: 'remaining',
  startsAt: null,
  endsAt: null,
};
const createPromotion = async (body: Record<string, unknown>) =>
  approvedBySecondOperator(server, chief, await server.api('POST', '/api/admin/promotions', { token: chief, body: { globalCap: null, ...offerTerms, ...body } }));

const patchPromotion = (code: string, body: Record<string, unknown>) => server.api('PATCH', `/api/admin/promotions/${code}`, { token: chief, body });

describe('an offer’s reward shape', () => {
  it('refuses a figure of the mode not in force, on creation and on edit, with 400 OFFER_REWARD_SHAPE', async () => {
    const share = uniqueCode('SHR');
    expect((await createPromotion({ code: share })).status).toBe(200);
    const fixed = uniqueCode('FIX');
    expect((await createPromotion({ code: fixed, rewardMode: 'fixed', rewardAmount: 100, rewardPercent: null })).status).toBe(200);

    expect(await createPromotion({ code: uniqueCode('BAD'), rewardMode: 'fixed', rewardAmount: 100, rewardPercent: 50 })).toMatchObject({ status: 400, body: { message: 'OFFER_REWARD_SHAPE' } });
    for (const [code, patch] of [
      [share, { rewardAmount: 100 }],
      [fixed, { rewardPercent: 10 }],
      [share, { rewardMode: 'fixed', rewardAmount: 100, rewardPercent: 10 }],
      [fixed, { rewardMode: 'share', rewardPercent: 10, rewardAmount: 100 }],
    ] as const) {
      expect(await patchPromotion(code, patch)).toMatchObject({ status: 400, body: { message: 'OFFER_REWARD_SHAPE' } });
    }
    expect(await patchPromotion(share, { rewardMode: 'fixed' })).toMatchObject({ status: 400, body: { message: 'KEY_MISSING' } });

    // Consistent edits still apply, switching modes clears the other figure.
    expect((await patchPromotion(share, { rewardMode: 'fixed', rewardAmount: 100 })).body).toMatchObject({ rewardMode: 'fixed', rewardAmount: 100, rewardPercent: null });
    expect((await patchPromotion(fixed, { rewardMode: 'share', rewardPercent: 10 })).body).toMatchObject({ rewardMode: 'share', rewardPercent: 10, rewardAmount: null });
    expect((await patchPromotion(fixed, { rewardPercent: 20, rewardAmount: null })).body).toMatchObject({ rewardPercent: 20, rewardAmount: null });
  });
});

describe('a banner edit', () => {
  it('answers 400 KEY_MISSING when it changes nothing, and applies one that does', async () => {
    const png = await sharp({ create: { width: 300, height: 150, channels: 3, background: '#336699' } }).png().toBuffer();
    const form = new FormData();
    form.append('placement', 'invite');
    form.append('position', '0');
    form.append('html', JSON.stringify({ th: 'ก', lo: 'ກ', en: 'A' }));
    form.append('file', new Blob([new Uint8Array(png)]), 'banner.png');
    const created = await fetch(`${server.url}/api/admin/banners`, { method: 'POST', headers: { authorization: `Bearer ${chief}` }, body: form });
    const banner = (await created.json()) as { _id: string };

    expect(await server.api('PATCH', `/api/admin/banners/${banner._id}`, { token: chief, body: {} })).toMatchObject({ status: 400, body: { message: 'KEY_MISSING' } });
    expect((await server.api('PATCH', `/api/admin/banners/${banner._id}`, { token: chief, body: { position: 3 } })).body).toMatchObject({ _id: banner._id, position: 3 });
  });
});

describe('the site’s name and web address', () => {
  const put = (body: Record<string, unknown>) => server.api('PUT', '/api/admin/settings/site', { token: chief, body });

  it('takes an http(s) address only and a name in plain text only', async () => {
    for (const website of ['javascript:alert(1)', 'JavaScript:alert(document.cookie)', 'data:text/html,<script>alert(1)</script>', 'ftp://files.example.com']) {
      expect(await put({ website }), website).toMatchObject({ status: 400, body: { message: 'KEY_INVALID' } });
    }
    for (const siteName of ['<img src=x onerror=alert(1)>', 'Baht <b>Wallet</b>', 'a > b']) {
      expect(await put({ siteName }), siteName).toMatchObject({ status: 400, body: { message: 'KEY_INVALID' } });
    }
    expect((await put({ website: 'https://wallet.example.com/th', siteName: 'Baht Wallet & Co' })).body).toMatchObject({ website: 'https://wallet.example.com/th', siteName: 'Baht Wallet & Co' });
    expect((await put({ website: 'http://localhost:8080' })).status).toBe(200);
  });
});
