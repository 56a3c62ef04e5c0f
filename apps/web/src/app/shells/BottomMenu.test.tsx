import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Outlet, RouterProvider, createMemoryRouter } from 'react-router';
import type { ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import { BottomMenu } from './BottomMenu';

const Icon = () => <svg />;

function menuRouter(statementCode: Promise<{ Component: () => ReactElement }>) {
  const Shell = () => (
    <>
      <Outlet />
      <BottomMenu
        entries={[
          { key: 'home', label: 'Home', icon: Icon, to: '/home', active: true },
          { key: 'statement', label: 'Statement', icon: Icon, to: '/statement', active: false },
        ]}
      />
    </>
  );
  return createMemoryRouter(
    [{ element: <Shell />, children: [{ path: '/home', element: <p>home</p> }, { path: '/statement', lazy: () => statementCode }] }],
    { initialEntries: ['/home'] },
  );
}

describe('the bottom menu', () => {
  it('shows the tapped entry as active while its screen is on its way, and as the page once there', async () => {
    let arrive: (screenCode: { Component: () => ReactElement }) => void = () => undefined;
    const router = menuRouter(new Promise((resolve) => (arrive = resolve)));
    render(<RouterProvider router={router} />);
    const home = screen.getByTestId('menu-home');
    const statement = screen.getByTestId('menu-statement');
    expect(home).toHaveAttribute('aria-current', 'page');

    await userEvent.setup().click(statement);
    expect(statement).toHaveAttribute('aria-busy', 'true');
    expect(statement).toHaveClass('text-gold-300');
    expect(home).not.toHaveClass('text-gold-300');
    // Still on home until the statement's screen is there.
    expect(screen.getByText('home')).toBeInTheDocument();
    expect(home).toHaveAttribute('aria-current', 'page');

    await act(async () => arrive({ Component: () => <p>statement</p> }));
    expect(await screen.findByText('statement')).toBeInTheDocument();
    expect(statement).not.toHaveAttribute('aria-busy');
  });
});
