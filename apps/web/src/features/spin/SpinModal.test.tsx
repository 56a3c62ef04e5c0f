import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsTo, stubFetch } from '../../test/fetchRoutes';
import { SpinModal } from './SpinModal';

// The canvas wheel is spin-wheel's; here it rests at once, where it was asked to.
const spinTo = vi.fn((_rotation: number, _duration: number) => undefined);
vi.mock('spin-wheel', () => ({
  Wheel: class {
    rotation = 0;
    items: unknown[] = [];
    itemLabelFont = '';
    private readonly onRest?: (event: { currentIndex: number; rotation: number }) => void;
    constructor(_element: Element, props: { onRest?: (event: { currentIndex: number; rotation: number }) => void }) {
      this.onRest = props.onRest;
    }
    spinTo(rotation: number, duration: number) {
      spinTo(rotation, duration);
      this.rotation = rotation;
      setTimeout(() => this.onRest?.({ currentIndex: 0, rotation }), 0);
    }
    remove() {}
  },
}));

const slices = ['A', 'B', 'C', 'D'].map((code) => ({ code, label: `ช่อง ${code}`, bgColor: '#123456', textColor: '#ffffff', htmlDescription: '' }));
const setup = (userCoin: number) => ({ activeSpinwheel: { _id: 'c1', name: 'วงล้อนำโชค', slices }, userCoin, coinBaht: 100 });
const result = { _id: '11111111-1111-4111-8111-111111111111', code: 'C', label: 'ช่อง C', remainingCoin: 0, kind: 'cash', amount: 10, serverSeedHash: 'h', clientSeed: 'c', nonce: 0 };
const coupon = { _id: result._id, prize: { name: 'วงล้อนำโชค', label: 'ช่อง C' }, kind: 'cash', amount: 10, status: 'claimable', expiresAt: '2026-12-01T00:00:00.000Z', claimedAt: null, createdAt: '2026-11-25T00:00:00.000Z' };

function renderModal() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <SpinModal onClose={() => undefined} />
    </QueryClientProvider>,
  );
}
afterEach(() => {
  vi.restoreAllMocks();
  spinTo.mockClear();
});

describe('the spin overlay (SPEC §2 Spin wheel, §4 Spin)', () => {
  it('a double tap spins once, the wheel rests on the slice the server chose, then the prize shows', async () => {
    const fetchMock = stubFetch({
      'GET /api/spinwheel/setup': { body: setup(1) },
      'GET /api/spinwheel/coupon': { body: { total: 0, coupons: [] } },
      'POST /api/spinwheel/spin': { body: { success: true, result }, delayMs: 30 },
    });
    renderModal();
    const button = await screen.findByTestId('spin-button');
    fireEvent.click(button);
    fireEvent.click(button);
    expect(await screen.findByTestId('spin-prize-label')).toHaveTextContent('ช่อง C');
    expect(callsTo(fetchMock, 'POST /api/spinwheel/spin')).toHaveLength(1);
    expect(spinTo).toHaveBeenCalledTimes(1);
    // Slice C is the third of four (90° each, drawn clockwise): the pointer at 0° sees it at 180°–270°.
    const rotation = spinTo.mock.calls[0]![0];
    const underPointer = (((-rotation % 360) + 360) % 360) / 90;
    expect(Math.floor(underPointer)).toBe(2);
    expect(rotation).toBeGreaterThanOrEqual(2 * 360);
  });

  it('cannot spin at 0 coins, and says how coins are earned', async () => {
    stubFetch({ 'GET /api/spinwheel/setup': { body: setup(0) }, 'GET /api/spinwheel/coupon': { body: { total: 0, coupons: [] } } });
    renderModal();
    expect(await screen.findByTestId('spin-button')).toBeDisabled();
    expect(screen.getByTestId('spin-no-coins')).toHaveTextContent('100');
  });

  it('claims a coupon through the confirm dialog, and shows a refused claim in an alert by its code', async () => {
    const fetchMock = stubFetch({
      'GET /api/spinwheel/setup': { body: setup(0) },
      'GET /api/spinwheel/coupon': { body: { total: 1, coupons: [coupon] } },
      [`GET /api/spinwheel/coupon/preview/${coupon._id}`]: {
        body: { kind: 'spin', code: 'C', currency: 'THB', amount: 10, allowed: true, refusal: null, held: 0, qualifyingDeposit: 0, minimumDeposit: 0, otherMoney: 0, otherMoneyLimit: 0, condition: null },
      },
      'POST /api/spinwheel/coupon/claim': { status: 422, body: { message: 'COUPON_EXPIRED' } },
    });
    renderModal();
    await userEvent.click(await screen.findByTestId('coupon-claim'));
    // A cash prize says what it pays, and that it carries no condition, before it is claimed.
    expect(await screen.findByTestId('reward-amount')).toHaveTextContent('10.00');
    expect(screen.getByTestId('reward-no-condition')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST /api/spinwheel/coupon/claim')).toHaveLength(0);
    await userEvent.click(screen.getByTestId('confirm-yes'));
    expect(await screen.findByTestId('alert-message')).toHaveTextContent('คูปองหมดอายุแล้ว');
    await waitFor(() => expect(callsTo(fetchMock, 'POST /api/spinwheel/coupon/claim')).toHaveLength(1));
  });
});
