import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { BonusItem, ClearPreview, ConditionStatus, RewardPreview } from '@wallet/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsTo, stubFetch } from '../../test/fetchRoutes';
import { BonusPage } from './BonusPage';
import { nextTap } from '../../test/taps';
import { notify } from '../../shared/notify';

const bonus = (code: string, extra: Partial<BonusItem> = {}): BonusItem => ({
  code,
  name: `โบนัส ${code}`,
  type: 'day',
  maxReceived: 1,
  percentFail: 10,
  percentSuccess: 300,
  reward: { mode: 'share', percent: 50, amount: null, cap: 500 },
  minimumDeposit: 100,
  hasCondition: true,
  banners: [{ image: '/api/banners/image/x.jpg', html: '<p>banner</p>' }],
  userBonus: null,
  ...extra,
});
const condition: ConditionStatus = { kind: 'bonus', code: 'X', name: 'โบนัสต้อนรับ', base: 150, successPercent: 300, failPercent: 10, successTarget: 450, failFloor: 15, total: 120, ownDeposits: 0, endTakes: 0, clearMode: 'remaining', createdAt: new Date().toISOString() };
const preview: RewardPreview = {
  kind: 'bonus',
  code: 'OPEN',
  currency: 'THB',
  amount: 50,
  allowed: true,
  refusal: null,
  held: 100,
  qualifyingDeposit: 100,
  minimumDeposit: 100,
  otherMoney: 0,
  otherMoneyLimit: 50,
  condition: { locked: 150, successPercent: 300, failPercent: 10, target: 450, floor: 15, clearMode: 'remaining', endTakesAtMost: 14.99 },
};
const clearPreview: ClearPreview = { allowed: true, refusal: null, currency: 'THB', total: 12, floor: 15, ownDeposits: 0, takes: 12, keeps: 0 };
const visible = (element: HTMLElement) => (element.textContent ?? '').replace(/[\u200b\u2060]/g, '');
const noCondition = { status: false, type: null, condition: null };

function renderPage() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <BonusPage />
    </QueryClientProvider>,
  );
}

afterEach(() => vi.restoreAllMocks());

describe('the bonus screen (SPEC §2 Bonus)', () => {
  it('shows each card as current, received (disabled) or clickable', async () => {
    stubFetch({
      'GET /api/bonus': {
        body: {
          bonuses: [
            bonus('OPEN'),
            bonus('TAKEN', { userBonus: { _id: '1', isActive: false, received: [{ updatedAt: new Date().toISOString() }] } }),
            bonus('NOW', { maxReceived: 3, userBonus: { _id: '2', isActive: true, received: [{ updatedAt: new Date().toISOString() }] } }),
          ],
        },
      },
      'GET /api/bonus/check/active': { body: noCondition },
    });
    renderPage();
    expect(await screen.findByTestId('bonus-card-OPEN')).toHaveAttribute('data-state', 'clickable');
    expect(screen.getByTestId('bonus-card-TAKEN')).toBeDisabled();
    expect(screen.getByTestId('bonus-card-NOW')).toHaveAttribute('data-state', 'current');
    expect(screen.getByTestId('bonus-card-OPEN').style.backgroundImage).toContain('/api/banners/image/x.jpg');
  });

  it('upper-cases the promotion code, searches it, and says when there is no such code', async () => {
    const fetchMock = stubFetch({
      'GET /api/bonus': { body: { bonuses: [] } },
      'GET /api/bonus/check/active': { body: noCondition },
      'GET /api/promotion/find/NOPE': { status: 404, body: { message: 'NO_PROMOTION' } },
    });
    renderPage();
    const input = await screen.findByTestId('promotion-code');
    expect(screen.getByTestId('promotion-search')).toBeDisabled();
    fireEvent.change(input, { target: { value: 'nope' } });
    expect(input).toHaveValue('NOPE');
    fireEvent.click(screen.getByTestId('promotion-search'));
    // keepWords joins Thai words with invisible characters; the reader sees the plain text.
    expect(visible(await screen.findByTestId('promotion-not-found'))).toBe('ไม่พบโปรโมชั่น');
    expect(callsTo(fetchMock, 'GET /api/promotion/find/NOPE')).toHaveLength(1);
  });

  it('a double tap on receive claims once, with one Idempotency-Key', async () => {
    const fetchMock = stubFetch({
      'GET /api/bonus': { body: { bonuses: [bonus('OPEN')] } },
      'GET /api/bonus/check/active': { body: noCondition },
      'GET /api/lookup/notice': { body: { notice: 'ยุติได้เมื่อต่ำกว่า 10%' } },
      'GET /api/bonus/preview/OPEN': { body: preview },
      'GET /api/bonus/activate/OPEN': { delayMs: 50, body: { message: 'SUCCESS', _id: 'c1', code: 'OPEN', kind: 'bonus', amount: 50, isActive: true, createdAt: new Date().toISOString() } },
    });
    renderPage();
    fireEvent.click(await screen.findByTestId('bonus-card-OPEN'));
    const receive = await screen.findByTestId('bonus-receive');
    // Accept only once the figures are in (DESIGN §6).
    await waitFor(() => expect(receive).toBeEnabled());
    expect(screen.getByTestId('reward-locked')).toHaveTextContent('150.00');
    fireEvent.click(receive);
    fireEvent.click(receive);
    await waitFor(() => expect(screen.queryByTestId('bonus-modal')).not.toBeInTheDocument());
    expect(callsTo(fetchMock, 'GET /api/bonus/activate/OPEN')).toHaveLength(1);
  });

  it('a refused offer says why with the figures, and offers nothing to receive', async () => {
    const fetchMock = stubFetch({
      'GET /api/bonus': { body: { bonuses: [bonus('OPEN')] } },
      'GET /api/bonus/check/active': { body: noCondition },
      'GET /api/bonus/preview/OPEN': { body: { ...preview, allowed: false, refusal: 'BONUS_OTHER_MONEY', otherMoney: 4000, otherMoneyLimit: 50, condition: null } },
    });
    renderPage();
    fireEvent.click(await screen.findByTestId('bonus-card-OPEN'));
    expect(visible(await screen.findByTestId('reward-refusal-figures'))).toContain('4,000.00');
    expect(screen.queryByTestId('bonus-receive')).not.toBeInTheDocument();
    expect(callsTo(fetchMock, 'GET /api/bonus/activate/OPEN')).toHaveLength(0);
  });

  it('under a condition shows its figures, own deposits and what ending takes now', async () => {
    stubFetch({
      'GET /api/bonus': { body: { bonuses: [] } },
      'GET /api/bonus/check/active': { body: { status: true, type: 'bonus', condition: { ...condition, total: 12, ownDeposits: 300, endTakes: 12 } } },
    });
    renderPage();
    expect(await screen.findByTestId('condition-figures')).toHaveTextContent('12.00');
    expect(screen.getByTestId('condition-own-deposits')).toHaveTextContent('300.00');
    expect(visible(screen.getByTestId('condition-end'))).toContain('ยกเลิกได้แล้ว');
    expect(screen.getByTestId('condition-end')).toHaveTextContent('12.00');
  });

  it('ending shows what it takes now and what the member keeps before the confirm, and ends once on a double tap', async () => {
    const fetchMock = stubFetch({
      'GET /api/bonus': { body: { bonuses: [] } },
      'GET /api/bonus/check/active': { body: { status: true, type: 'bonus', condition: { ...condition, total: 312, failFloor: 315, ownDeposits: 300, endTakes: 12 } } },
      'GET /api/bonus/clear/preview': { body: { ...clearPreview, total: 312, floor: 315, ownDeposits: 300, takes: 12, keeps: 300 } },
      'GET /api/bonus/clear': { body: { message: 'BONUS_CLEAR', amount: 12 }, delayMs: 100 },
    });
    renderPage();
    fireEvent.click(await screen.findByTestId('bonus-cancel'));
    expect(await screen.findByTestId('clear-takes')).toHaveTextContent('12.00');
    expect(screen.getByTestId('clear-keeps')).toHaveTextContent('300.00');
    expect(screen.getByTestId('clear-own-deposits')).toHaveTextContent('300.00');
    expect(visible(screen.getByTestId('clear-figures'))).toContain('ยอดฝากของคุณเองระหว่างโบนัสจะไม่ถูกหัก');
    expect(callsTo(fetchMock, 'GET /api/bonus/clear')).toHaveLength(0);
    const confirm = screen.getByTestId('confirm-yes');
    fireEvent.click(confirm);
    fireEvent.click(confirm);
    expect(screen.getByTestId('confirm-dialog')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByTestId('confirm-dialog')).not.toBeInTheDocument());
    expect(callsTo(fetchMock, 'GET /api/bonus/clear')).toHaveLength(1);
  });

  it('a refused end says why with the total and the floor, and offers no confirm', async () => {
    const fetchMock = stubFetch({
      'GET /api/bonus': { body: { bonuses: [] } },
      'GET /api/bonus/check/active': { body: { status: true, type: 'bonus', condition } },
      'GET /api/bonus/clear/preview': { body: { ...clearPreview, allowed: false, refusal: 'BONUS_CONDITION', total: 120, takes: 0, keeps: 120 } },
    });
    renderPage();
    fireEvent.click(await screen.findByTestId('bonus-cancel'));
    const refusal = await screen.findByTestId('clear-refusal');
    expect(visible(refusal)).toContain('ยังไม่ผ่านเงื่อนไข');
    expect(refusal).toHaveTextContent('120.00');
    expect(refusal).toHaveTextContent('15.00');
    expect(screen.queryByTestId('confirm-yes')).not.toBeInTheDocument();
    expect(callsTo(fetchMock, 'GET /api/bonus/clear')).toHaveLength(0);
  });

  it('an end the server still refuses shows an alert with the error', async () => {
    stubFetch({
      'GET /api/bonus': { body: { bonuses: [] } },
      'GET /api/bonus/check/active': { body: { status: true, type: 'bonus', condition } },
      'GET /api/bonus/clear/preview': { body: clearPreview },
      'GET /api/bonus/clear': { status: 422, body: { message: 'BONUS_CONDITION' } },
    });
    renderPage();
    expect(await screen.findByTestId('condition-figures')).toHaveTextContent('120.00');
    expect(screen.getByTestId('condition-figures')).toHaveTextContent('450.00');
    expect(screen.queryByTestId('promotion-code')).not.toBeInTheDocument();
    fireEvent.click(screen.getByTestId('bonus-cancel'));
    fireEvent.click(await screen.findByTestId('confirm-yes'));
    // The end dialog closes once answered; the alert takes its place, with one button.
    const alert = await screen.findByTestId('alert-dialog');
    await waitFor(() => expect(screen.queryByTestId('confirm-dialog')).not.toBeInTheDocument());
    expect(visible(alert)).toContain('ยังไม่ผ่านเงื่อนไข');
    expect(within(alert).getAllByRole('button')).toHaveLength(1);
    await nextTap();
    fireEvent.click(within(alert).getByTestId('alert-ok'));
    await waitFor(() => expect(screen.queryByTestId('alert-dialog')).not.toBeInTheDocument());
  });

  it('names the offer’s minimum deposit in the confirmation when the preview refuses for it', async () => {
    stubFetch({
      'GET /api/bonus': { body: { bonuses: [bonus('OPEN', { minimumDeposit: 1500 })] } },
      'GET /api/bonus/check/active': { body: noCondition },
      'GET /api/bonus/preview/OPEN': { body: { ...preview, amount: 0, allowed: false, refusal: 'BONUS_DEPOSIT_MINIMUM', qualifyingDeposit: 0, minimumDeposit: 1500 } },
    });
    renderPage();
    fireEvent.click(await screen.findByTestId('bonus-card-OPEN'));
    expect(await screen.findByTestId('reward-refusal')).toHaveTextContent('โบนัสนี้ต้องมียอดฝากอย่างน้อย 1,500.00 บาท');
    expect(screen.queryByTestId('bonus-receive')).not.toBeInTheDocument();
  });

  it("says how much the bonus needs deposited, in the member's money, not a deposit channel's minimum", async () => {
    const shown = vi.spyOn(notify, 'error');
    // The previews allowed it (a deposit since withdrawn again, say); the claim itself is refused.
    stubFetch({
      'GET /api/bonus': { body: { bonuses: [bonus('OPEN'), bonus('ANY', { minimumDeposit: 0 })] } },
      'GET /api/bonus/check/active': { body: noCondition },
      'GET /api/bonus/preview/OPEN': { body: preview },
      'GET /api/bonus/preview/ANY': { body: { ...preview, code: 'ANY' } },
      'GET /api/bonus/activate/OPEN': { status: 422, body: { message: 'BONUS_DEPOSIT_MINIMUM', minimum: 1500 } },
      'GET /api/bonus/activate/ANY': { status: 422, body: { message: 'BONUS_DEPOSIT_MINIMUM', minimum: 0 } },
    });
    renderPage();
    fireEvent.click(await screen.findByTestId('bonus-card-OPEN'));
    await screen.findByTestId('reward-figures');
    fireEvent.click(screen.getByTestId('bonus-receive'));
    await waitFor(() => expect(shown).toHaveBeenCalledWith('bonus-claim', 'โบนัสนี้ต้องมียอดฝากอย่างน้อย 1,500.00 บาท'));
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByTestId('bonus-modal')).not.toBeInTheDocument());
    await nextTap();
    // No minimum, yet nothing deposited to take a share of.
    fireEvent.click(screen.getByTestId('bonus-card-ANY'));
    await screen.findByTestId('reward-figures');
    fireEvent.click(screen.getByTestId('bonus-receive'));
    await waitFor(() => expect(shown).toHaveBeenLastCalledWith('bonus-claim', 'โบนัสนี้ต้องฝากเงินก่อนจึงจะรับได้'));
  });
  it('a claim the risk rules refuse says so in the member\'s language, on a bonus and on a promotion code', async () => {
    const shown = vi.spyOn(notify, 'error');
    const refused = { status: 422, body: { message: 'RISK_BLOCKED' } };
    const riskText = 'รายการนี้ทำไม่ได้ในขณะนี้ ไม่มีการตัดเงินใด ๆ กรุณาติดต่อฝ่ายบริการลูกค้า';
    stubFetch({
      'GET /api/bonus': { body: { bonuses: [bonus('OPEN')] } },
      'GET /api/bonus/check/active': { body: noCondition },
      'GET /api/bonus/preview/OPEN': { body: preview },
      'GET /api/bonus/activate/OPEN': refused,
      'GET /api/promotion/find/CODE50': { body: { code: 'CODE50', percentFail: 10, percentSuccess: 300, description: '<p>code</p>', reward: { mode: 'fixed', percent: null, amount: 50, cap: null }, validUntil: null } },
      'GET /api/bonus/preview/CODE50': { body: { ...preview, kind: 'promotion', code: 'CODE50' } },
      'GET /api/promotion/activate/CODE50': refused,
    });
    renderPage();
    fireEvent.click(await screen.findByTestId('bonus-card-OPEN'));
    await screen.findByTestId('reward-figures');
    fireEvent.click(screen.getByTestId('bonus-receive'));
    await waitFor(() => expect(shown).toHaveBeenCalledWith('bonus-claim', riskText));
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByTestId('bonus-modal')).not.toBeInTheDocument());
    await nextTap();

    fireEvent.change(screen.getByTestId('promotion-code'), { target: { value: 'code50' } });
    fireEvent.click(screen.getByTestId('promotion-search'));
    const receive = await screen.findByTestId('promotion-receive');
    await waitFor(() => expect(receive).toBeEnabled());
    fireEvent.click(receive);
    await waitFor(() => expect(shown).toHaveBeenCalledTimes(2));
    expect(shown).toHaveBeenLastCalledWith('bonus-claim', riskText);
    // Nothing was received: the code's modal stays open.
    expect(screen.getByTestId('promotion-modal')).toBeInTheDocument();
  });
});
