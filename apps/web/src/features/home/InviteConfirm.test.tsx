import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { type RewardPreview, STORAGE_KEYS } from '@wallet/contract';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OverlayContext } from '../../shared/overlays/overlays';
import { DOUBLE_TAP_WINDOW_MS } from '../../shared/ui/tapShield';
import { callsTo, stubFetch } from '../../test/fetchRoutes';
import { HomePage } from './HomePage';
import { memberWallet } from '../../test/member-wallet';

/** The member of the problem report: 5,000 baht held, a 70-baht invite reward at 300 % / 10 %. */
const wallet = memberWallet({ amount: 5000, invite: { amount: 70, success: 300, fail: 10 } });
const preview: RewardPreview = {
  kind: 'invite',
  code: 'INVITE',
  currency: 'THB',
  amount: 70,
  allowed: true,
  refusal: null,
  held: 5000,
  qualifyingDeposit: 0,
  minimumDeposit: 0,
  otherMoney: 5000,
  otherMoneyLimit: 10_000,
  condition: { locked: 5070, successPercent: 300, failPercent: 10, target: 15_210, floor: 507, clearMode: 'remaining', endTakesAtMost: 506.99 },
};
const claimed = { message: 'INVITE_BONUS_SUCCESS', amount: 70 };
const visible = (element: HTMLElement) => (element.textContent ?? '').replace(/[\u200b\u2060]/g, '');

function renderHome(routes: Parameters<typeof stubFetch>[0], openOverlay: (name: string) => Promise<unknown> = async () => undefined) {
  localStorage.setItem(STORAGE_KEYS.rememberAgreement, '1');
  const fetchMock = stubFetch({
    'GET /api/wallet': { body: wallet },
    'GET /api/bonus/check/active': { body: { status: false, type: null, condition: null } },
    'GET /api/spinwheel/active': { body: { isActive: false } },
    ...routes,
  });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      {/* No other overlay is opened here. */}
      <OverlayContext.Provider value={{ open: openOverlay, closeAll: () => undefined, preload: async () => undefined }}>
        <MemoryRouter>
          <HomePage />
        </MemoryRouter>
      </OverlayContext.Provider>
    </QueryClientProvider>,
  );
  return fetchMock;
}

async function openConfirmation() {
  const receive = await screen.findByTestId('receive-invite');
  await waitFor(() => expect(receive).toBeEnabled());
  fireEvent.click(receive);
  return screen.findByTestId('confirm-dialog');
}

afterEach(() => vi.restoreAllMocks());

describe('receiving the invite bonus (SPEC §2 Home overlays, DESIGN §6)', () => {
  it('shows in money, before accepting, the reward, what it locks (own balance included), the target, the floor and what ending takes', async () => {
    const fetchMock = renderHome({ 'GET /api/invite/bonus/preview': { body: preview }, 'GET /api/invite/bonus': { body: claimed, delayMs: 100 } });
    await openConfirmation();
    expect(await screen.findByTestId('reward-amount')).toHaveTextContent('70.00');
    expect(screen.getByTestId('reward-locked')).toHaveTextContent('5,070.00');
    expect(screen.getByTestId('reward-target')).toHaveTextContent('15,210.00');
    expect(screen.getByTestId('reward-floor')).toHaveTextContent('507.00');
    expect(screen.getByTestId('reward-end-takes')).toHaveTextContent('506.99');
    expect(visible(screen.getByTestId('confirm-dialog'))).toContain('300%');
    // Said plainly: the member's own 5,000 is locked with the 70 until 15,210.
    const note = visible(screen.getByTestId('reward-locked-note'));
    expect(note).toContain('5,000.00');
    expect(note).toContain('15,210.00');
    expect(callsTo(fetchMock, 'GET /api/invite/bonus')).toHaveLength(0);

    // A double tap: the dialog stays open with its button busy, so the second tap joins the first
    // call and lands on nothing the dialog covered.
    const accept = screen.getByTestId('confirm-yes');
    fireEvent.click(accept);
    fireEvent.click(accept);
    expect(screen.getByTestId('confirm-dialog')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('confirm-yes')).toBeDisabled());
    fireEvent.click(screen.getByTestId('confirm-yes'));
    await waitFor(() => expect(screen.queryByTestId('confirm-dialog')).not.toBeInTheDocument());
    expect(callsTo(fetchMock, 'GET /api/invite/bonus')).toHaveLength(1);
  });

  it('a refused preview shows its reason with the figures, and nothing to accept', async () => {
    const fetchMock = renderHome({
      'GET /api/invite/bonus/preview': { body: { ...preview, allowed: false, refusal: 'BONUS_OTHER_MONEY', otherMoney: 4000, otherMoneyLimit: 500, condition: null } },
      'GET /api/invite/bonus': { body: claimed },
    });
    await openConfirmation();
    const refusal = await screen.findByTestId('reward-refusal');
    expect(visible(refusal)).toContain('รับได้เมื่อยอดเงินอื่นนอกจากยอดฝากไม่เกินที่กำหนด');
    expect(visible(screen.getByTestId('reward-refusal-figures'))).toContain('4,000.00');
    expect(visible(screen.getByTestId('reward-refusal-figures'))).toContain('500.00');
    expect(screen.queryByTestId('confirm-yes')).not.toBeInTheDocument();
    expect(screen.queryByTestId('reward-figures')).not.toBeInTheDocument();
    fireEvent.click(screen.getByTestId('confirm-no'));
    await waitFor(() => expect(screen.queryByTestId('confirm-dialog')).not.toBeInTheDocument());
    expect(callsTo(fetchMock, 'GET /api/invite/bonus')).toHaveLength(0);
  });

  it('reads the figures afresh at each opening, never showing the last ones meanwhile', async () => {
    let held = 5000;
    const fetchMock = renderHome({ 'GET /api/invite/bonus/preview': () => ({ body: { ...preview, held, condition: { ...preview.condition!, locked: held + 70 } }, delayMs: 30 }) });
    await openConfirmation();
    expect(await screen.findByTestId('reward-locked')).toHaveTextContent('5,070.00');
    fireEvent.click(screen.getByTestId('confirm-no'));
    await waitFor(() => expect(screen.queryByTestId('confirm-dialog')).not.toBeInTheDocument());

    held = 100;
    // The member's next tap, not the second half of a double tap (shared/ui/tapShield.ts).
    await new Promise((resolve) => setTimeout(resolve, DOUBLE_TAP_WINDOW_MS));
    await openConfirmation();
    expect(screen.getByTestId('preview-loading')).toBeInTheDocument();
    expect(screen.queryByTestId('confirm-yes')).not.toBeInTheDocument();
    expect(await screen.findByTestId('reward-locked')).toHaveTextContent('170.00');
    expect(callsTo(fetchMock, 'GET /api/invite/bonus/preview')).toHaveLength(2);
  });

  it('says when a reward carries no condition', async () => {
    renderHome({ 'GET /api/invite/bonus/preview': { body: { ...preview, condition: null } } });
    await openConfirmation();
    expect(await screen.findByTestId('reward-no-condition')).toBeInTheDocument();
    expect(screen.queryByTestId('reward-locked')).not.toBeInTheDocument();
    expect(screen.getByTestId('confirm-yes')).toBeEnabled();
  });

  it('a double tap whose first tap is answered at once does not open what the dialog covered', async () => {
    const openOverlay = vi.fn(async () => undefined);
    const fetchMock = renderHome(
      { 'GET /api/invite/bonus/preview': { body: preview }, 'GET /api/invite/bonus': { body: claimed }, 'GET /api/spinwheel/active': { body: { isActive: true } } },
      openOverlay,
    );
    await openConfirmation();
    fireEvent.click(await screen.findByTestId('confirm-yes'));
    await waitFor(() => expect(screen.queryByTestId('confirm-dialog')).not.toBeInTheDocument());
    // The second tap of the double tap lands where the dialog's button was: on the spin tile.
    fireEvent.click(await screen.findByTestId('tile-spin'));
    expect(openOverlay).not.toHaveBeenCalledWith('spin', {});
    expect(callsTo(fetchMock, 'GET /api/invite/bonus')).toHaveLength(1);

    // A tap far from the dialog's last tap is aimed at something else: it goes through at once.
    fireEvent.click(screen.getByTestId('tile-spin'), { clientX: 300, clientY: 700 });
    expect(openOverlay).toHaveBeenCalledWith('spin', {});
    openOverlay.mockClear();

    // So does a tap at the same spot once a double tap's window is over.
    await new Promise((resolve) => setTimeout(resolve, DOUBLE_TAP_WINDOW_MS));
    fireEvent.click(screen.getByTestId('tile-spin'));
    expect(openOverlay).toHaveBeenCalledWith('spin', {});
  });

  it('a tap elsewhere ends the shield: the next tap at the old spot, inside the window, goes through', async () => {
    const openOverlay = vi.fn(async () => undefined);
    renderHome(
      { 'GET /api/invite/bonus/preview': { body: preview }, 'GET /api/invite/bonus': { body: claimed }, 'GET /api/spinwheel/active': { body: { isActive: true } } },
      openOverlay,
    );
    await openConfirmation();
    fireEvent.click(await screen.findByTestId('confirm-yes'));
    await waitFor(() => expect(screen.queryByTestId('confirm-dialog')).not.toBeInTheDocument());
    // A new intent (a tap far away), then, still inside the window, a tap where the dialog's button was.
    fireEvent.click(document.body, { clientX: 300, clientY: 700 });
    fireEvent.click(await screen.findByTestId('tile-spin'));
    expect(openOverlay).toHaveBeenCalledWith('spin', {});
  });
});
