import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OverlayHost } from '../app/overlays';
import { MemberShell } from '../app/shells/MemberShell';
import { stubFetch } from './fetchRoutes';

afterEach(() => vi.restoreAllMocks());

describe('overlays opened by name', () => {
  it('open from the member shell, keep the page still, and close when the member leaves the screen', async () => {
    stubFetch({ 'GET /api/lookup/conditions': { body: { conditions: ['<p>Play fair.</p>'] } } });
    const router = createMemoryRouter(
      [
        { path: '/user', element: <MemberShell />, children: [{ index: true, element: <p>home</p> }] },
        { path: '/login', element: <p>login page</p> },
      ],
      { initialEntries: ['/user'] },
    );
    render(
      <QueryClientProvider client={new QueryClient()}>
        <OverlayHost>
          <RouterProvider router={router} />
        </OverlayHost>
      </QueryClientProvider>,
    );
    await userEvent.setup().click(screen.getByRole('button', { name: 'เงื่อนไข' }));
    expect(await screen.findByTestId('conditions-confirm')).toBeInTheDocument();
    expect(document.body.style.overflow).toBe('hidden');

    // A session that ends sends the member to /login: what was open goes with the screen.
    await act(() => router.navigate('/login'));
    expect(screen.getByText('login page')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByTestId('conditions-confirm')).toBeNull());
    expect(document.body.style.overflow).not.toBe('hidden');
  });
});
