import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../../test/fetchRoutes';
import { RefundModal } from './RefundModal';

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
});
