import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MemberLinks } from './MemberLinks';

const linked = [
  { _id: '100002', phone: '0900000002', name: 'Device Twin', status: 'active', shares: [{ kind: 'device', value: '10.0.0.1 · Mozilla/5.0' }, { kind: 'bank_account', value: 'SCB ••••7890' }] },
  { _id: '100003', phone: '0900000003', name: 'Inviter', status: 'blocked', shares: [{ kind: 'inviter', value: 'PR100003' }] },
];

function renderLinks(answer: unknown) {
  const asked: string[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    asked.push(new URL(String(input), 'http://localhost').pathname);
    return new Response(JSON.stringify(answer), { status: 200 });
  });
  const router = createMemoryRouter([{ path: '/members/:id', element: <MemberLinks memberId="100001" phone="0900000001" /> }], { initialEntries: ['/members/100001'] });
  render(<QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}><RouterProvider router={router} /></QueryClientProvider>);
  return asked;
}
afterEach(() => vi.restoreAllMocks());

describe('linked members on the member page', () => {
  it('lists each linked member with what is shared and a link to their page, and draws them around the member', async () => {
    const asked = renderLinks({ members: linked, more: true });
    const row = await screen.findByTestId('member-link-100002');
    expect(asked).toContain('/api/admin/members/100001/links');
    expect(within(row).getByRole('link', { name: '0900000002' })).toHaveAttribute('href', '/members/100002');
    expect(within(row).getByText('อุปกรณ์ (เบราว์เซอร์เดียวกันบนที่อยู่เดียวกัน):')).toBeInTheDocument();
    expect(within(row).getByText('10.0.0.1 · Mozilla/5.0')).toBeInTheDocument();
    expect(within(row).getByText('SCB ••••7890')).toBeInTheDocument();
    const inviter = screen.getByTestId('member-link-100003');
    expect(within(inviter).getByText('เป็นผู้ชวนสมาชิกนี้:')).toBeInTheDocument();
    expect(within(inviter).getByText('ระงับ', { exact: false })).toBeInTheDocument();
    // The graph: this member in the middle, one node and one labelled edge per linked member.
    const graph = screen.getByTestId('member-links-graph');
    expect(graph).toHaveAttribute('aria-label', expect.stringContaining('2 คน'));
    expect(within(graph).getByText('สมาชิกนี้')).toBeInTheDocument();
    expect(within(graph).getByText('อุปกรณ์ · บัญชี')).toBeInTheDocument();
    expect(within(graph).getByText('ผู้ชวน')).toBeInTheDocument();
    expect(graph.querySelectorAll('line')).toHaveLength(2);
    expect(screen.getByTestId('member-links-more')).toBeInTheDocument();
  });

  it('says so when no member is linked', async () => {
    renderLinks({ members: [], more: false });
    expect(await screen.findByTestId('member-links-none')).toHaveTextContent('ไม่มีสมาชิกคนอื่นที่ใช้ข้อมูลระบุตัวตนร่วมกับสมาชิกนี้');
    expect(screen.queryByTestId('member-links-graph')).not.toBeInTheDocument();
  });
});
