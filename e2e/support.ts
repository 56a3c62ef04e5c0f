import fs from 'node:fs';
import path from 'node:path';
import { type APIRequestContext, type Locator, type Page, expect } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';

const ARTIFACTS = path.join(path.dirname(new URL(import.meta.url).pathname), 'artifacts');

/** Screenshots kept for people to look at (not committed); `fullPage: false` keeps the viewport alone (a desk's 1280×800). */
export async function keepScreenshot(page: Page, name: string, { fullPage = true } = {}): Promise<void> {
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: path.join(ARTIFACTS, `${name}.png`), fullPage });
}

/**
 * The member app swallows a second tap at the same spot within this long after a dialog closed on
 * a tap (apps/web/src/shared/ui/tapShield.ts): a member's next deliberate tap there
 * comes later, and so must a journey's.
 */
const DOUBLE_TAP_WINDOW_MS = 400;
export const waitOutDoubleTap = (page: Page) => page.waitForTimeout(DOUBLE_TAP_WINDOW_MS);

export function randomPhone(): string {
  return `06${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
}

export function randomAccountNo(): string {
  return String(Math.floor(1e9 + Math.random() * 9e9));
}

export async function latestOtp(request: APIRequestContext, phone: string): Promise<{ otpCode: string; text: string }> {
  const response = await request.get(`/sandbox/sms/messages?phone=${phone}`);
  const { messages } = (await response.json()) as { messages: Array<{ otpCode: string; text: string }> };
  if (!messages[0]) throw new Error(`no SMS for ${phone}`);
  return messages[0];
}

export async function operatorToken(request: APIRequestContext): Promise<string> {
  const response = await request.post('/api/admin/login', { data: { username: 'e2e-admin', password: 'e2e-admin-pass' } });
  return ((await response.json()) as { token: string }).token;
}

/** Registers a fresh member through the public calls (OTP from the sandbox inbox). */
export async function registerViaApi(request: APIRequestContext): Promise<{ phone: string; password: string; bankAccountNo: string }> {
  const phone = randomPhone();
  const password = 'journey-pass-1';
  const bankAccountNo = randomAccountNo();
  const sent = await request.post('/api/otp/send', { data: { phoneNumber: phone } });
  if (!sent.ok()) throw new Error(`OTP send failed: ${sent.status()} ${await sent.text()}`);
  const { otpToken } = (await sent.json()) as { otpToken: string };
  await request.post('/api/otp/verify', { data: { otpToken, otpCode: (await latestOtp(request, phone)).otpCode } });
  const created = await request.post('/api/account', {
    data: { name: 'Wallet Journey', username: phone, password, bankCode: 'SCB', bankAccountName: 'WALLET JOURNEY', bankAccountNo },
  });
  if (!created.ok()) throw new Error(`registration failed: ${await created.text()}`);
  return { phone, password, bankAccountNo };
}

/** Credits a wallet through the ledger (sandbox tester call), never by SQL. */
export async function creditWallet(request: APIRequestContext, phone: string, amount: number): Promise<void> {
  const response = await request.post('/sandbox/wallet/credit', { data: { phone, amount } });
  if (!response.ok()) throw new Error(`credit failed: ${await response.text()}`);
}

/**
 * Play that games keep: `stake` moved into PG, a round that loses `loss` of it in the sandbox
 * provider's demo game, and the result booked by a balance check (coins are earned on it).
 */
export async function loseInGame(request: APIRequestContext, token: string, stake: number, loss: number): Promise<void> {
  const headers = { authorization: `Bearer ${token}` };
  await request.get('/api/wallet/activate/PG', { headers });
  await request.post('/api/wallet/transfer', { data: { from: 'WALLET', to: 'PG', amount: stake }, headers });
  const wallet = (await (await request.get('/api/wallet', { headers })).json()) as { slots: Array<{ code: string; username: string }> };
  const username = wallet.slots.find((slot) => slot.code === 'PG')!.username;
  await request.post('/sandbox/provider/rounds', { data: { slotCode: 'PG', username, bet: loss, win: 0 } });
  await request.get('/api/wallet/refresh/slot', { headers });
}

/** A bank transfer at the sandbox bank; answers the PNG slip it issues. */
export async function bankSlip(request: APIRequestContext, transfer: Record<string, unknown>): Promise<Buffer> {
  const issued = await request.post('/sandbox/bank/transfers', { data: { toAccountNo: '4061234567', ...transfer } });
  if (!issued.ok()) throw new Error(`bank transfer failed: ${await issued.text()}`);
  const { slip } = (await issued.json()) as { slip: string };
  return Buffer.from(slip.split(',')[1]!, 'base64');
}

export async function memberToken(request: APIRequestContext, member: { phone: string; password: string }): Promise<string> {
  const response = await request.post('/api/login', { data: { username: member.phone, password: member.password } });
  return ((await response.json()) as { token: string }).token;
}

/** A bank QR paid at the sandbox gateway: a real deposit, credited through the signed webhook. */
export async function depositByQr(request: APIRequestContext, token: string, amount: number): Promise<void> {
  const qr = await request.post('/api/qrcode/KBANK', { data: { amount }, headers: { authorization: `Bearer ${token}` } });
  const { qrcodeId } = (await qr.json()) as { qrcodeId: string };
  const paid = await request.post('/sandbox/gateway/pay', { data: { qrcodeId } });
  expect(paid.ok()).toBe(true);
}

/**
 * Pauses whichever spin campaign runs (the demo seed starts one): SPEC §1 puts the spin tile in the
 * collect-all tile's place while one does, and some journeys need that tile.
 */
export async function pauseSpinCampaigns(request: APIRequestContext): Promise<void> {
  const headers = { authorization: `Bearer ${await operatorToken(request)}` };
  const { campaigns } = (await (await request.get('/api/admin/spinwheels', { headers })).json()) as { campaigns: Array<{ _id: string; status: string }> };
  for (const campaign of campaigns.filter((candidate) => candidate.status === 'active')) {
    const paused = await request.post(`/api/admin/spinwheels/${campaign._id}/pause`, { headers });
    expect(paused.ok()).toBe(true);
  }
}

/**
 * A locator's text as a reader sees it: the member app keeps loanwords whole with invisible joiners
 * (keepWords, U+2060 and U+200B), which a plain text comparison would trip over. Polls like `expect`.
 */
export const shownText = (locator: Locator) => expect.poll(async () => (await locator.textContent())?.replace(/[\u2060\u200B]/g, '') ?? '');

/**
 * Axe-core finds no serious or critical violation of WCAG 2.1 A/AA on what the page
 * shows now (an open overlay included). The failure names each rule and the elements it found.
 */
export async function expectAccessible(page: Page, screen: string): Promise<void> {
  // axe measures colours as drawn, so a toast fading in or out would be measured at part opacity
  // (a flaky color-contrast failure): while it reads, every transition and animation is at its end.
  const atRest = await page.addStyleTag({ content: '*, *::before, *::after { transition: none !important; animation: none !important; }' });
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze()
    .finally(() => atRest.evaluate((style) => style.parentNode?.removeChild(style)));
  const serious = violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
  const report = serious.map((violation) => `${violation.id} (${violation.impact}): ${violation.nodes.map((node) => node.target.join(' ')).slice(0, 5).join(', ')}`);
  expect(report, `accessibility of ${screen}`).toEqual([]);
}

export type RuleMode = 'active' | 'observe' | 'off';

/** A rule changed through the admin call, after the version in force (as the console does). */
export async function setRule(request: APIRequestContext, headers: Record<string, string>, code: string, mode: RuleMode, params: Record<string, unknown> = {}) {
  const { rules } = (await (await request.get('/api/admin/risk/rules', { headers })).json()) as { rules: Array<{ code: string; current: { version: number; mode: RuleMode; params: Record<string, unknown> } }> };
  const current = rules.find((rule) => rule.code === code)!.current;
  if (current.mode === mode && Object.entries(params).every(([key, value]) => JSON.stringify(current.params[key]) === JSON.stringify(value))) return;
  const changed = await request.post(`/api/admin/risk/rules/${code}`, { headers, data: { after: current.version, mode, params: { ...current.params, ...params } } });
  expect(changed.status(), await changed.text()).toBe(200);
}

/** The POSTs the page sends whose path ends so: a double click must send one. */
export function countPosts(page: Page, pathEnd: RegExp): () => number {
  let count = 0;
  page.on('request', (sent) => {
    if (sent.method() === 'POST' && pathEnd.test(new URL(sent.url()).pathname)) count += 1;
  });
  return () => count;
}
