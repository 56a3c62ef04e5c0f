import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../shared/api/client';
import { messageText } from '../shared/api/messages';
import i18n from '../shared/i18n';
import { stubFetch } from './fetchRoutes';
import { TransferModal } from '../features/home/modals/TransferModal';
import { protectionMessage, refusalMessage } from '../shared/protection/refusal';

const midnight = Date.UTC(2026, 10, 29, 17, 0); // 30/11/2026 00:00 in Bangkok

afterEach(async () => {
  vi.restoreAllMocks();
  await i18n.changeLanguage('th');
});

describe('a protection refusal names the limit and when it resets', () => {
  it.each([
    ['en', 'DEPOSIT_LIMIT', 'deposit_day', 'Your daily deposit limit is reached. It resets on 30/11/2026 00:00.'],
    ['en', 'LOSS_LIMIT', 'loss_week', 'Your weekly loss limit is reached. It resets on 30/11/2026 00:00.'],
    ['th', 'DEPOSIT_LIMIT', 'deposit_month', 'ยอดฝากถึงวงเงินต่อเดือนแล้ว เริ่มใหม่ 30/11/2026 00:00'],
    ['lo', 'TRANSFER_LIMIT', 'transfer_day', 'ຍອດໂອນເຂົ້າເກມຮອດວົງເງິນຕໍ່ມື້ແລ້ວ ເລີ່ມໃໝ່ 30/11/2026 00:00'],
  ])('%s %s %s', async (language, code, limit, text) => {
    await i18n.changeLanguage(language);
    expect(messageText(i18n.t, refusalMessage(new ApiError(code, 422, { message: code, limit, until: midnight })))).toBe(text);
  });

  it('a break and a self-exclusion say until when, or that it has no end', async () => {
    await i18n.changeLanguage('en');
    expect(messageText(i18n.t, protectionMessage({ message: 'ON_BREAK', until: midnight }))).toMatch(/^You are on a break until 30\/11\/2026 00:00\./);
    expect(messageText(i18n.t, protectionMessage({ message: 'SELF_EXCLUDED' }))).toMatch(/^You have excluded yourself without end\./);
    expect(protectionMessage({ message: 'QR_FAIL' })).toBeNull();
    expect(messageText(i18n.t, refusalMessage(new ApiError('KEY_INVALID', 400)))).toBe(i18n.t('errors.KEY_INVALID'));
  });

  it('the transfer to a game shows it, and follows a language switch', async () => {
    stubFetch({ 'POST /api/wallet/transfer': { status: 422, body: { message: 'TRANSFER_LIMIT', limit: 'transfer_day', until: midnight } } });
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <TransferModal walletAmount={150} slots={[{ code: 'PG', name: 'PG', category: 'slot', isActive: true, amount: 0, ftWalletSlot: 1, logo: '/media/providers/PG/logo.svg', background: '/media/providers/PG/background.svg', web: null, android: null, ios: null, username: 'bw-PG', password: null, loginForm: false, balanceSyncedAt: null }]} onClose={() => {}} />
      </QueryClientProvider>,
    );
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('จำนวนเงิน (บาท)'), '50');
    await user.click(screen.getByTestId('transfer-submit'));
    await vi.waitFor(() => expect(screen.getByTestId('transfer-error')).toHaveTextContent('ยอดโอนเข้าเกมถึงวงเงินต่อวันแล้ว เริ่มใหม่ 30/11/2026 00:00'));
    await act(() => i18n.changeLanguage('en'));
    expect(screen.getByTestId('transfer-error')).toHaveTextContent('Your daily limit on transfers to games is reached. It resets on 30/11/2026 00:00.');
  });
});
