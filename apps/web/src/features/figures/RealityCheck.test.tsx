import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { STORAGE_KEYS } from '@wallet/contract';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSignOut } from '../../shared/api/useSignOut';
import i18n from '../../shared/i18n';
import { callsTo, stubFetch } from '../../test/fetchRoutes';
import { RealityCheck, nextCheckAt } from './RealityCheck';

const MINUTE = 60_000;

function Shell() {
  const signOut = useSignOut();
  return (
    <>
      <p>signed in</p>
      <RealityCheck onLogout={signOut} />
    </>
  );
}

/** Lets the fake clock run `ms` on, with every promise it releases settled. */
const elapse = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

let signedInAt: number;
function start(intervalMinutes: number) {
  signedInAt = Date.now();
  const fetchMock = stubFetch({
    'GET /api/figures/reality-check': { body: { intervalMinutes } },
    'GET /api/figures/reality-check/summary': () => ({
      body: {
        currency: 'THB',
        signedInAt: new Date(signedInAt).toISOString(),
        secondsSinceSignIn: Math.floor((Date.now() - signedInAt) / 1000),
        netGamePosition: -250.5,
        depositsToday: 1000,
      },
    }),
    'POST /api/logout': { body: { message: 'SUCCESS' } },
  });
  const router = createMemoryRouter(
    [
      { path: '/user', element: <Shell /> },
      { path: '/login', element: <p>login page</p> },
    ],
    { initialEntries: ['/user'] },
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { fetchMock, router };
}

beforeEach(() => {
  vi.useFakeTimers();
  localStorage.setItem(STORAGE_KEYS.token, 'member-token');
});
afterEach(async () => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  localStorage.clear();
  await i18n.changeLanguage('th');
});

describe('the reality check', () => {
  it('appears after N minutes of the session, not before, and N minutes after each “continue”', async () => {
    start(10);
    await elapse(0);
    await elapse(10 * MINUTE - 1000);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    await elapse(1000);
    const dialog = screen.getByRole('alertdialog');
    expect(dialog).toHaveTextContent('แจ้งเตือนเวลาเล่น');
    expect(screen.getByTestId('reality-check-elapsed')).toHaveTextContent('คุณเข้าสู่ระบบมาแล้ว 10 นาที');
    expect(screen.getByTestId('reality-check-net-game-marked')).toHaveTextContent('250.50');
    expect(dialog).toHaveTextContent('−');
    expect(screen.getByTestId('reality-check-deposits-today')).toHaveTextContent('1,000.00');

    // It waits for an answer: time passing does not take it away.
    await elapse(5 * MINUTE);
    expect(screen.getByRole('alertdialog')).toBeInTheDocument();
    fireEvent.click(screen.getByTestId('reality-check-continue'));
    await elapse(0);
    expect(screen.queryByRole('alertdialog')).toBeNull();

    await elapse(10 * MINUTE - 1000);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    await elapse(1000);
    expect(screen.getByRole('alertdialog')).toBeInTheDocument();
    expect(screen.getByTestId('reality-check-elapsed')).toHaveTextContent('25 นาที');

    await act(() => i18n.changeLanguage('en'));
    expect(screen.getByTestId('reality-check-elapsed')).toHaveTextContent('You signed in 25 min ago.');
    await act(() => i18n.changeLanguage('lo'));
    expect(screen.getByRole('alertdialog')).toHaveTextContent('ແຈ້ງເຕືອນເວລາຫຼິ້ນ');
  });

  it('says hours and minutes past the hour', async () => {
    start(90);
    await elapse(0);
    await elapse(90 * MINUTE);
    expect(screen.getByTestId('reality-check-elapsed')).toHaveTextContent('1 ชม. 30 นาที');
  });

  it('signs the member out on “log out”', async () => {
    const { fetchMock, router } = start(10);
    await elapse(0);
    await elapse(10 * MINUTE);
    fireEvent.click(screen.getByTestId('reality-check-logout'));
    await elapse(0);
    expect(callsTo(fetchMock, 'POST /api/logout')).toHaveLength(1);
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(router.state.location.pathname).toBe('/login');
    expect(screen.getByText('login page')).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});

describe('when the next check is due', () => {
  it('keeps the session’s rhythm after a reload and counts from the last “continue” otherwise', () => {
    expect(nextCheckAt(0, null, 10, 0)).toBe(10);
    expect(nextCheckAt(0, null, 10, 25)).toBe(30);
    expect(nextCheckAt(0, null, 10, 30)).toBe(30);
    expect(nextCheckAt(0, 37, 10, 40)).toBe(47);
  });
});
