import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ConditionStatus, Slot } from '@wallet/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { liftTapShield } from '../../../shared/ui/tapShield';
import { callsTo, stubFetch } from '../../../test/fetchRoutes';
import { GameAccountModal } from './GameAccountModal';

const launched = vi.hoisted(() => ({ openGame: vi.fn() }));
vi.mock('../launch', () => ({ openGame: launched.openGame }));
vi.mock('../api/get-launch-target', () => ({ launchTarget: async () => ({ kind: 'link', url: 'https://pg.example/play' }) }));

const slot: Slot = {
  code: 'PG',
  name: 'PG Soft',
  category: 'slot',
  isActive: true,
  amount: 40,
  ftWalletSlot: 1,
  logo: '/media/providers/PG/logo.svg',
  background: '/media/providers/PG/background.svg',
  web: null,
  android: null,
  ios: null,
  username: 'bw-pg',
  password: null,
  loginForm: false,
  balanceSyncedAt: null,
};
const visible = (element: HTMLElement) => (element.textContent ?? '').replace(/[\u200b\u2060]/g, '');

function renderModal(walletAmount: number, condition: ConditionStatus | null = null) {
  const fetchMock = stubFetch({
    'GET /api/wallet/account/PG': { body: { username: 'bw-pg', password: 'secret', event: null } },
    'GET /api/bonus/check/active': { body: { status: condition !== null, type: condition ? 'bonus' : null, condition } },
    // Held back, so a second tap lands while the move is still in flight.
    'POST /api/wallet/transfer': { body: { message: 'SUCCESS' }, delayMs: 150 },
  });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <GameAccountModal slot={slot} walletAmount={walletAmount} onClose={() => undefined} />
    </QueryClientProvider>,
  );
  return fetchMock;
}

beforeEach(() => launched.openGame.mockClear());
afterEach(() => {
  vi.restoreAllMocks();
  liftTapShield();
});

describe('play asks before the whole wallet moves into a game', () => {
  it('says in money what moves and what stays, and moves nothing until the member chooses', async () => {
    const fetchMock = renderModal(150);
    fireEvent.click(screen.getByTestId('play-game'));
    const dialog = await screen.findByTestId('play-confirm');
    expect(visible(screen.getByTestId('play-moves-marked'))).toMatch(/^฿150\.00 /);
    expect(visible(screen.getByTestId('play-stays-marked'))).toMatch(/^฿0\.00 /);
    expect(dialog.textContent).toContain('PG Soft');
    expect(callsTo(fetchMock, 'POST /api/wallet/transfer')).toHaveLength(0);
    expect(launched.openGame).not.toHaveBeenCalled();

    fireEvent.click(screen.getByTestId('confirm-no'));
    await waitFor(() => expect(screen.queryByTestId('play-confirm')).toBeNull());
    expect(callsTo(fetchMock, 'POST /api/wallet/transfer')).toHaveLength(0);
    expect(launched.openGame).not.toHaveBeenCalled();
  });

  it('moves the money once and opens the game once on a double tap of "move and play"', async () => {
    const fetchMock = renderModal(150);
    fireEvent.click(screen.getByTestId('play-game'));
    const confirm = await screen.findByTestId('confirm-yes');
    // Both taps inside one act: the second lands before React re-renders the button as busy.
    act(() => {
      confirm.click();
      confirm.click();
    });
    await waitFor(() => expect(launched.openGame).toHaveBeenCalledTimes(1));
    await new Promise((resolve) => setTimeout(resolve, 300));
    const transfers = callsTo(fetchMock, 'POST /api/wallet/transfer');
    expect(transfers).toHaveLength(1);
    expect(JSON.parse(String(transfers[0]![1]!.body))).toEqual({ from: 'WALLET', to: 'PG', amount: 150 });
    expect(launched.openGame).toHaveBeenCalledTimes(1);
  });

  it('plays with what the game holds when the member chooses not to move', async () => {
    const fetchMock = renderModal(150);
    fireEvent.click(screen.getByTestId('play-game'));
    fireEvent.click(await screen.findByTestId('play-without-moving'));
    await waitFor(() => expect(launched.openGame).toHaveBeenCalledTimes(1));
    expect(callsTo(fetchMock, 'POST /api/wallet/transfer')).toHaveLength(0);
  });

  it('asks nothing when the wallet is empty: the game opens with what it holds', async () => {
    const fetchMock = renderModal(0);
    fireEvent.click(screen.getByTestId('play-game'));
    await waitFor(() => expect(launched.openGame).toHaveBeenCalledTimes(1));
    expect(screen.queryByTestId('play-confirm')).toBeNull();
    expect(callsTo(fetchMock, 'POST /api/wallet/transfer')).toHaveLength(0);
  });

  it('shows the condition the money stays under, with the figures home shows', async () => {
    renderModal(150, {
      kind: 'bonus',
      code: 'WELCOME50',
      name: 'Welcome',
      base: 300,
      successPercent: 300,
      failPercent: 10,
      successTarget: 900,
      failFloor: 30,
      total: 300,
      ownDeposits: 0,
      endTakes: 0,
      clearMode: 'remaining',
      createdAt: '2026-11-20T10:00:00.000Z',
    });
    fireEvent.click(screen.getByTestId('play-game'));
    await screen.findByTestId('play-confirm');
    expect(await screen.findByTestId('condition-progress')).toBeTruthy();
  });
});
