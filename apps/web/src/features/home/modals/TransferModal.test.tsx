import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Slot } from '@wallet/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TransferModal } from './TransferModal';

const slot = (code: string, isActive: boolean): Slot => ({
  code,
  name: code,
  category: 'slot',
  isActive,
  amount: 40,
  ftWalletSlot: 0.5,
  logo: '/media/providers/PG/logo.svg',
  background: '/media/providers/PG/background.svg',
  web: null,
  android: null,
  ios: null,
  username: isActive ? `bw-${code}` : null,
  password: null,
  loginForm: false,
  balanceSyncedAt: null,
});

function renderModal() {
  const onClose = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient()}>
      <TransferModal walletAmount={150} slots={[slot('PG', true), slot('JOKER', true), slot('UFABET', false)]} onClose={onClose} />
    </QueryClientProvider>,
  );
  return onClose;
}

afterEach(() => vi.restoreAllMocks());

describe('transfer overlay (SPEC §5)', () => {
  it('offers the wallet and active accounts only, and shows what is available', async () => {
    renderModal();
    const options = [...(screen.getByLabelText('จาก') as HTMLSelectElement).options].map((option) => option.value);
    expect(options).toEqual(['', 'WALLET', 'PG', 'JOKER']);
    expect(screen.getByText('150.00')).toBeInTheDocument();
    await userEvent.setup().selectOptions(screen.getByLabelText('จาก'), 'JOKER');
    expect(screen.getByText('20.00')).toBeInTheDocument(); // 40 credits at 0.5
  });

  it('asks for both accounts, refuses the same account and less than 1 baht, without calling the server', async () => {
    const fetchMock = vi.spyOn(globalThis, 'fetch');
    renderModal();
    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText('ไปยัง'), '');
    await user.click(screen.getByTestId('transfer-submit'));
    expect(screen.getByTestId('transfer-error')).toHaveTextContent('กรุณาเลือกบัญชีต้นทางและปลายทาง');
    await user.selectOptions(screen.getByLabelText('ไปยัง'), 'WALLET');
    await user.click(screen.getByTestId('transfer-submit'));
    expect(screen.getByTestId('transfer-error')).toHaveTextContent('ไม่สามารถโยกเงินไปบัญชีเดียวกันได้');
    await user.selectOptions(screen.getByLabelText('ไปยัง'), 'PG');
    await user.type(screen.getByLabelText('จำนวนเงิน (บาท)'), '0.99');
    await user.click(screen.getByTestId('transfer-submit'));
    expect(screen.getByTestId('transfer-error')).toHaveTextContent('จำนวนขั้นต่ำ 1 บาท');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends one transfer with an Idempotency-Key and closes on success', async () => {
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(JSON.stringify({ message: 'SUCCESS' }), { status: 200 }));
    const onClose = renderModal();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('จำนวนเงิน (บาท)'), '25.5');
    await user.click(screen.getByTestId('transfer-submit'));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(String(url)).toMatch(/\/api\/wallet\/transfer$/);
    expect(JSON.parse(String(init!.body))).toEqual({ from: 'WALLET', to: 'PG', amount: 25.5 });
    expect(new Headers(init!.headers).get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
  });
});
