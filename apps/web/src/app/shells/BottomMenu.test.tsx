import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Outlet, RouterProvider, createMemoryRouter, useLocation } from 'react-router';
import type { ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import { BottomMenu } from './BottomMenu';
import { useTappedTab } from './useTappedTab';

const Icon = () => <svg />;

function menuRouter(statementCode: Promise<{ Component: () => ReactElement }>) {
  // As the member shell puts them together.
  const Shell = () => {
    const { pendingTo, tapped } = useTappedTab();
    const { pathname } = useLocation();
    const tab = (to: string) => ({ to, pending: pendingTo === to, active: pathname === to });
    return (
      <>
        <Outlet />
        <BottomMenu
          onTabTap={tapped}
          entries={[
            { key: 'home', label: 'Home', icon: Icon, ...tab('/home') },
            { key: 'statement', label: 'Statement', icon: Icon, ...tab('/statement') },
          ]}
        />
      </>
    );
  };
  return createMemoryRouter(
    [{ element: <Shell />, children: [{ path: '/home', element: <p>home</p> }, { path: '/statement', lazy: () => statementCode }] }],
    { initialEntries: ['/home'] },
  );
}

describe('the bottom menu of the member area', () => {
  it('shows the tapped entry as active while its screen is on its way, and as the page once there', async () => {
    let arrive: (screenCode: { Component: () => ReactElement }) => void = () => undefined;
    const router = menuRouter(new Promise((resolve) => (arrive = resolve)));
    render(<RouterProvider router={router} />);
    const home = screen.getByTestId('menu-home');
    const statement = screen.getByTestId('menu-statement');
    expect(home).toHaveAttribute('aria-current', 'page');

    const user = userEvent.setup();
    // The entry of the screen shown: nothing to wait for.
    await user.click(home);
    expect(home).not.toHaveAttribute('aria-busy');

    await user.click(statement);
    expect(statement).toHaveAttribute('aria-busy', 'true');
    expect(statement).toHaveClass('text-gold-300');
    expect(home).not.toHaveClass('text-gold-300');
    // Still on home until the statement's screen is there.
    expect(screen.getByText('home')).toBeInTheDocument();
    expect(home).toHaveAttribute('aria-current', 'page');

    await act(async () => arrive({ Component: () => <p>statement</p> }));
    expect(await screen.findByText('statement')).toBeInTheDocument();
    expect(statement).not.toHaveAttribute('aria-busy');
    expect(statement).toHaveAttribute('aria-current', 'page');
    expect(home).not.toHaveClass('text-gold-300');
  });
});
