import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { saveToken } from '../../shared/api/client';
import { SettingsPage } from './SettingsPage';

const settings = {
  terminated: false,
  registerOTP: true,
  enableChatWidget: true,
  isManualDeposit: false,
  siteName: 'Lao Wallet',
  website: 'http://localhost:8080',
  slipOpenFrom: '00:00',
  slipOpenUntil: '23:59',
  slipMaxAgeMinutes: 60,
  depositMinimum: 1,
  withdrawMin: 100,
  withdrawMax: 50000,
  withdrawSecondApprovalAbove: 0,
  autoPayoutMax: 0,
  autoPayoutDailyBudget: 0,
  spinCoinBaht: 100,
  bankQrQuickPicks: [10, 20, 50, 100, 500, 1000],
  lak: { depositMinimum: 1000, withdrawMin: 50000, withdrawMax: 30000000, withdrawSecondApprovalAbove: 0, autoPayoutMax: 0, autoPayoutDailyBudget: 0, spinCoinAmount: 50000, bankQrQuickPicks: [10000, 20000, 50000], rewardOtherMoneyLimit: 50000 },
  defaultPercentFail: 10,
  inviteSuccessPercent: 300,
  inviteFailPercent: 10,
  approvalRewardAbove: 1000,
  approvalRewardAboveKip: 300000,
  approvalSharePercentAbove: 100,
  approvalRatePercentAbove: 10,
  rewardOtherMoneyLimit: 100,
  protectionCoolingHours: null,
  protectionStrict: true,
  protectionLimitPrompt: null,
  protectionRealityCheckMinutes: null,
  protectionDefaults: { coolingHours: 24, strict: false, limitPrompt: true, realityCheckMinutes: 60 },
};

/** The settings screen against a stub server; answers what the PUTs sent. */
function renderSettings({ pending }: { pending?: object } = {}) {
  const sent: unknown[] = [];
  saveToken('operator-token');
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init = {}) => {
    const path = new URL(String(input), 'http://localhost').pathname;
    if (init.method === 'PUT') {
      sent.push(JSON.parse(String(init.body)));
      return pending ? new Response(JSON.stringify(pending), { status: 202 }) : new Response(JSON.stringify(settings));
    }
    if (path === '/api/admin/me') return new Response(JSON.stringify({ _id: '1', username: 'chief', roles: ['admin'], totp: false }));
    if (path === '/api/admin/settings/site') return new Response(JSON.stringify(settings));
    return new Response(JSON.stringify({ total: 0, changes: [] }));
  });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <SettingsPage />
      <Toaster />
    </QueryClientProvider>,
  );
  return sent;
}
afterEach(() => vi.restoreAllMocks());

describe('the settings screen', () => {
  it('sets the kip limits and quick picks beside the baht ones', async () => {
    const sent = renderSettings();
    const user = userEvent.setup();
    const approvals = await screen.findByLabelText('ถอนเกินกว่านี้ต้องอนุมัติสองคน (กีบ, 0 = ปิด)');
    await waitFor(() => expect(approvals).toHaveValue('0'));
    await user.clear(approvals);
    await user.type(approvals, '1000000');
    const picks = screen.getByLabelText('ยอดเลือกด่วน QR ธนาคาร (กีบ เช่น 10000, 20000)');
    await user.clear(picks);
    await user.type(picks, '20000, 100000');
    await user.click(screen.getByTestId('settings-save'));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({
      withdrawMin: 100,
      bankQrQuickPicks: [10, 20, 50, 100, 500, 1000],
      lak: { ...settings.lak, withdrawSecondApprovalAbove: 1000000, bankQrQuickPicks: [20000, 100000] },
    });
  });

  it('shows player protection as set, or the site profile’s default when unset, and gives a setting back to the profile', async () => {
    const sent = renderSettings();
    const user = userEvent.setup();
    const protection = within(await screen.findByTestId('settings-protection'));
    const cooling = protection.getByLabelText('ชั่วโมงที่ต้องรอเมื่อเพิ่มหรือยกเลิกวงเงิน (ว่าง: ตามค่าของเว็บ)');
    const strict = protection.getByLabelText('เข้มงวด: อย่างน้อย 72 ชั่วโมงและจนสิ้นรอบของวงเงิน');
    const prompt = protection.getByLabelText('ถามสมาชิกใหม่ให้ตั้งวงเงิน (ตอนสมัครและก่อนฝากครั้งแรก)');
    const minutes = protection.getByLabelText('นาทีระหว่างการแจ้งเตือนสถานะ สำหรับสมาชิกที่ยังไม่ได้เลือก (10–120; ว่าง: ตามค่าของเว็บ)');
    await waitFor(() => expect(strict).toHaveValue('true'));
    // Unset: empty, with the profile's default beside it.
    expect(cooling).toHaveValue('');
    expect(cooling).toHaveAttribute('placeholder', 'ค่าของเว็บ: 24');
    expect(minutes).toHaveAttribute('placeholder', 'ค่าของเว็บ: 60');
    expect(prompt).toHaveValue('');
    expect(within(prompt).getByRole('option', { name: 'ตามค่าของเว็บ (เปิด)' })).toBeInTheDocument();
    expect(within(strict).getByRole('option', { name: 'ตามค่าของเว็บ (ปิด)' })).toBeInTheDocument();
    expect(protection.getByText(/ต้องรอผู้ดูแลคนที่สองอนุมัติ/)).toBeInTheDocument();

    await user.type(cooling, '48');
    await user.selectOptions(strict, '');
    await user.selectOptions(prompt, 'false');
    await user.type(minutes, '30');
    await user.click(screen.getByTestId('settings-save'));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ protectionCoolingHours: 48, protectionStrict: null, protectionLimitPrompt: false, protectionRealityCheckMinutes: 30 });
  });

  it('refuses a reality-check default outside 10 to 120 minutes before sending anything', async () => {
    const sent = renderSettings();
    const user = userEvent.setup();
    const minutes = await screen.findByLabelText('นาทีระหว่างการแจ้งเตือนสถานะ สำหรับสมาชิกที่ยังไม่ได้เลือก (10–120; ว่าง: ตามค่าของเว็บ)');
    await user.type(minutes, '5');
    await user.click(screen.getByTestId('settings-save'));
    expect(await screen.findByText('ข้อมูลบางส่วนไม่ถูกต้อง')).toBeInTheDocument();
    expect(sent).toEqual([]);
  });

  it('refuses part of a kip in a kip amount before sending anything', async () => {
    const sent = renderSettings();
    const user = userEvent.setup();
    const minimum = await screen.findByLabelText('ถอนขั้นต่ำ (กีบ)');
    await waitFor(() => expect(minimum).toHaveValue('50000'));
    await user.clear(minimum);
    await user.type(minimum, '50000.5');
    await user.click(screen.getByTestId('settings-save'));
    expect(await screen.findByText('ข้อมูลบางส่วนไม่ถูกต้อง')).toBeInTheDocument();
    expect(sent).toEqual([]);
  });

  it('raises the auto-pay amount and budget of each currency, and says a raise waits for a second operator', async () => {
    const change = { _id: 'c-1', kind: 'settings.change', subject: 'site', currency: null, before: {}, after: {}, reasons: ['auto_payout_looser'], proposedBy: 'chief', status: 'pending', decidedBy: null, decisionNote: null, createdAt: '2026-11-01T03:00:00.000Z', decidedAt: null };
    const sent = renderSettings({ pending: change });
    const user = userEvent.setup();
    const baht = within(await screen.findByTestId('settings-baht'));
    const kip = within(screen.getByTestId('settings-kip'));
    const max = baht.getByLabelText('ธนาคารโอนอัตโนมัติไม่เกิน (บาท, 0 = ปิด)');
    await waitFor(() => expect(max).toHaveValue('0'));
    await user.clear(max);
    await user.type(max, '2000');
    const budget = baht.getByLabelText('วงเงินโอนอัตโนมัติต่อวัน (บาท, 0 = ปิด)');
    await user.clear(budget);
    await user.type(budget, '50000');
    const kipMax = kip.getByLabelText('ธนาคารโอนอัตโนมัติไม่เกิน (กีบ, 0 = ปิด)');
    await user.clear(kipMax);
    await user.type(kipMax, '500000');
    const kipBudget = kip.getByLabelText('วงเงินโอนอัตโนมัติต่อวัน (กีบ, 0 = ปิด)');
    await user.clear(kipBudget);
    await user.type(kipBudget, '10000000');
    await user.click(screen.getByTestId('settings-save'));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ autoPayoutMax: 2000, autoPayoutDailyBudget: 50000, lak: { autoPayoutMax: 500000, autoPayoutDailyBudget: 10000000 } });
    expect(await screen.findByText(/รอผู้ดูแลคนที่สอง/)).toBeInTheDocument();
  });
});
