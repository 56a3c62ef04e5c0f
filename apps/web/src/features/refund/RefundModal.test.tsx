import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsTo, stubFetch } from '../../test/fetchRoutes';
import { Toaster } from 'sonner';
import { nextTap } from '../../test/taps';
import { RefundModal } from './RefundModal';
import { standingToasts } from '../../test/toasts';

const check = { result: true, bonus: false, info: '<p>คืนยอดเสีย</p>', refundAmount: 20, refundSuccess: 100, refundFail: 10, netLoss: 400, ratePercent: 5 };
function renderModal() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RefundModal onClose={() => undefined} />
    </QueryClientProvider>,
  );
}
afterEach(() => vi.restoreAllMocks());

describe('the refund overlay (SPEC §2, §4 Refund)', () => {
  it('disables receiving while a bonus is held, with the conditions text in red', async () => {
    stubFetch({ 'GET /api/refund/check': { body: { ...check, bonus: true } }, 'POST /api/refund': { body: { total: 0, refunds: [] } } });
    renderModal();
    expect(await screen.findByTestId('refund-receive')).toBeDisabled();
    expect(screen.getByTestId('refund-condition')).toHaveClass('text-rose-400');
  });

  it('offers the amount owed, and says so when there is none', async () => {
    stubFetch({ 'GET /api/refund/check': { body: check }, 'POST /api/refund': { body: { total: 1, refunds: [{ refundAmount: 15, createdAt: new Date().toISOString() }] } } });
    renderModal();
    expect(await screen.findByTestId('refund-amount')).toHaveTextContent('20.00');
    expect(screen.getByTestId('refund-receive')).toBeEnabled();
    expect(await screen.findByTestId('refund-log')).toHaveTextContent('15.00');
  });

  it('shows the not-found message when nothing is owed', async () => {
    stubFetch({ 'GET /api/refund/check': { body: { ...check, result: false, refundAmount: 0 } }, 'POST /api/refund': { body: { total: 0, refunds: [] } } });
    renderModal();
    expect(await screen.findByTestId('refund-none')).toBeInTheDocument();
    expect(screen.getByTestId('refund-receive')).toBeDisabled();
  });

  it('receives only after a confirmation that shows what the refund locks, in money', async () => {
    const fetchMock = stubFetch({
      'GET /api/refund/check': { body: check },
      'POST /api/refund': { body: { total: 0, refunds: [] } },
      'GET /api/refund/preview': {
        body: { kind: 'refund', code: 'REFUND', currency: 'THB', amount: 20, allowed: true, refusal: null, held: 600, qualifyingDeposit: 0, minimumDeposit: 0, otherMoney: 600, otherMoneyLimit: 1000, condition: { locked: 620, successPercent: 100, failPercent: 10, target: 620, floor: 62, clearMode: 'remaining', endTakesAtMost: 61.99 } },
      },
      'GET /api/refund/receive': { body: { message: 'REFUND_SUCCESS', amount: 20 }, delayMs: 50 },
    });
    renderModal();
    fireEvent.click(await screen.findByTestId('refund-receive'));
    expect(await screen.findByTestId('reward-locked')).toHaveTextContent('620.00');
    expect(screen.getByTestId('reward-floor')).toHaveTextContent('62.00');
    expect(callsTo(fetchMock, 'GET /api/refund/receive')).toHaveLength(0);
    fireEvent.click(screen.getByTestId('confirm-yes'));
    fireEvent.click(screen.getByTestId('confirm-yes'));
    await waitFor(() => expect(screen.queryByTestId('confirm-dialog')).not.toBeInTheDocument());
    expect(callsTo(fetchMock, 'GET /api/refund/receive')).toHaveLength(1);
  });

  it('formats the loss, and a success replaces the error toast of the try before', async () => {
    let tries = 0;
    stubFetch({
      'GET /api/refund/check': { body: { ...check, netLoss: 2900, refundAmount: 145 } },
      'POST /api/refund': { body: { total: 0, refunds: [] } },
      'GET /api/refund/preview': {
        body: { kind: 'refund', code: 'REFUND', currency: 'THB', amount: 145, allowed: true, refusal: null, held: 0, qualifyingDeposit: 0, minimumDeposit: 0, otherMoney: 0, otherMoneyLimit: 1000, condition: null },
      },
      'GET /api/refund/receive': () => (++tries === 1 ? { status: 502, body: { message: 'REFUND_FAIL' } } : { body: { message: 'REFUND_SUCCESS', amount: 145 } }),
    });
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <RefundModal onClose={() => undefined} />
        <Toaster />
      </QueryClientProvider>,
    );
    expect(await screen.findByText('ยอดคืนจากยอดเสีย 2,900.00 บาท')).toBeInTheDocument();

    fireEvent.click(screen.getByTestId('refund-receive'));
    fireEvent.click(await screen.findByTestId('confirm-yes'));
    expect(await screen.findByText('REFUND_FAIL')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByTestId('confirm-dialog')).not.toBeInTheDocument());
    await nextTap();

    fireEvent.click(screen.getByTestId('refund-receive'));
    fireEvent.click(await screen.findByTestId('confirm-yes'));
    expect(await screen.findByText('เพิ่มยอดคืน 145.00 บาทเข้ากระเป๋าแล้ว')).toBeInTheDocument();
    await waitFor(() => expect(standingToasts()).toEqual(['เพิ่มยอดคืน 145.00 บาทเข้ากระเป๋าแล้ว']));
  });
});
