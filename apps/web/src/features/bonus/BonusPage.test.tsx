import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { BonusItem } from '@wallet/contract';
import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsTo, stubFetch } from '../../test/fetchRoutes';
import { BonusPage } from './BonusPage';

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
      'GET /api/bonus/activate/OPEN': { delayMs: 50, body: { message: 'SUCCESS', _id: 'c1', code: 'OPEN', kind: 'bonus', amount: 50, isActive: true, createdAt: new Date().toISOString() } },
    });
    renderPage();
    fireEvent.click(await screen.findByTestId('bonus-card-OPEN'));
    const receive = await screen.findByTestId('bonus-receive');
    fireEvent.click(receive);
    fireEvent.click(receive);
    await waitFor(() => expect(screen.queryByTestId('bonus-modal')).not.toBeInTheDocument());
    expect(callsTo(fetchMock, 'GET /api/bonus/activate/OPEN')).toHaveLength(1);
  });

  it('under a condition shows its figures and the cancel, and an alert when ending is refused', async () => {
    stubFetch({
      'GET /api/bonus': { body: { bonuses: [] } },
      'GET /api/bonus/check/active': {
        body: { status: true, type: 'bonus', condition: { kind: 'bonus', code: 'X', name: 'โบนัสต้อนรับ', base: 150, successPercent: 300, failPercent: 10, successTarget: 450, failFloor: 15, total: 120, createdAt: new Date().toISOString() } },
      },
      'GET /api/bonus/clear': { status: 422, body: { message: 'BONUS_CONDITION' } },
    });
    renderPage();
    expect(await screen.findByTestId('condition-figures')).toHaveTextContent('120.00');
    expect(screen.getByTestId('condition-figures')).toHaveTextContent('450.00');
    expect(screen.queryByTestId('promotion-code')).not.toBeInTheDocument();
    fireEvent.click(screen.getByTestId('bonus-cancel'));
    fireEvent.click(await screen.findByTestId('confirm-yes'));
    expect(visible(await screen.findByTestId('confirm-dialog'))).toContain('ยังไม่ผ่านเงื่อนไข');
  });

  it("says how much the bonus needs deposited, in the member's money, not a deposit channel's minimum", async () => {
    const shown = vi.spyOn(toast, 'error');
    stubFetch({
      'GET /api/bonus': { body: { bonuses: [bonus('OPEN'), bonus('ANY', { minimumDeposit: 0 })] } },
      'GET /api/bonus/check/active': { body: noCondition },
      'GET /api/bonus/activate/OPEN': { status: 422, body: { message: 'BONUS_DEPOSIT_MINIMUM', minimum: 1500 } },
      'GET /api/bonus/activate/ANY': { status: 422, body: { message: 'BONUS_DEPOSIT_MINIMUM', minimum: 0 } },
    });
    renderPage();
    fireEvent.click(await screen.findByTestId('bonus-card-OPEN'));
    fireEvent.click(await screen.findByTestId('bonus-receive'));
    await waitFor(() => expect(shown).toHaveBeenCalledWith('โบนัสนี้ต้องมียอดฝากอย่างน้อย 1,500.00 บาท'));
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByTestId('bonus-modal')).not.toBeInTheDocument());
    // No minimum, yet nothing deposited to take a share of.
    fireEvent.click(screen.getByTestId('bonus-card-ANY'));
    fireEvent.click(await screen.findByTestId('bonus-receive'));
    await waitFor(() => expect(shown).toHaveBeenLastCalledWith('โบนัสนี้ต้องฝากเงินก่อนจึงจะรับได้'));
  });
});
