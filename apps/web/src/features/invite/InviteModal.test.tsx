import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../../test/fetchRoutes';
import { InviteModal } from './InviteModal';
import { memberWallet } from '../../test/member-wallet';

const wallet = memberWallet({ invite: { amount: 0, success: 300, fail: 10 }, id: '100234' });
// SPEC §2: /register?code=PR{user id} on the product's own host (jsdom's is http://localhost:3000).
const link = `${window.location.origin}/register?code=PR100234`;
const shareText = `มาสมัครด้วยกัน! สมัครผ่านลิงก์ชวนเพื่อนของฉัน: ${link}`;

function renderInvite() {
  stubFetch({
    'GET /api/wallet': { body: wallet },
    'GET /api/invite/info': { body: { inviteSuccess: 300, inviteFail: 10, ratePercent: 5, enabled: true, info: '', sameCurrencyOnly: true } },
    'POST /api/invite': { body: { total: 0, invites: [] } },
  });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <InviteModal onClose={() => undefined} />
    </QueryClientProvider>,
  );
}

afterEach(() => {
  vi.restoreAllMocks();
  Reflect.deleteProperty(navigator, 'share');
});

describe('sharing the invite link', () => {
  it('offers LINE first, with the translated invitation and the link encoded in its share link, in a new tab', async () => {
    renderInvite();
    const line = await screen.findByTestId('invite-line');
    await waitFor(() => expect(line).toHaveAttribute('href', `https://line.me/R/share?text=${encodeURIComponent(shareText)}`));
    expect(line.getAttribute('href')).toContain(encodeURIComponent(link));
    expect(line).toHaveAttribute('target', '_blank');
    expect(line).toHaveAttribute('rel', expect.stringContaining('noopener'));
    const buttons = screen.getByTestId('invite-modal').querySelectorAll('[data-testid^="invite-"]:is(a, button)');
    expect(Array.from(buttons, (element) => element.getAttribute('data-testid'))).toEqual(['invite-line', 'invite-copy']);
  });

  it("hands the invitation to the phone's own share sheet where the browser has one", async () => {
    const share = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'share', { value: share, configurable: true });
    renderInvite();
    const button = await screen.findByTestId('invite-share');
    await waitFor(() => expect(button).toBeEnabled());
    fireEvent.click(button);
    expect(share).toHaveBeenCalledWith({ title: 'มาสมัครด้วยกัน', text: shareText });
    const buttons = screen.getByTestId('invite-modal').querySelectorAll('[data-testid^="invite-"]:is(a, button)');
    expect(Array.from(buttons, (element) => element.getAttribute('data-testid'))).toEqual(['invite-line', 'invite-share', 'invite-copy']);
  });

  it('has no share button where the browser has no share sheet', async () => {
    renderInvite();
    await screen.findByTestId('invite-line');
    await waitFor(() => expect(screen.getByTestId('invite-link')).toHaveTextContent(link));
    expect(screen.queryByTestId('invite-share')).toBeNull();
  });
});
