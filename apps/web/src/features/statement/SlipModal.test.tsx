import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../shared/i18n';
import { stubFetch } from '../../test/fetchRoutes';
import { SlipModal } from './SlipModal';

afterEach(() => vi.restoreAllMocks());

describe('slip status', () => {
  it('reads a slip waiting for staff as waiting, not as an unknown error', async () => {
    const slip = (status: string, note: string | null) => ({ status, note, amount: 0, createdAt: '2026-11-23T10:00:00.000Z', link: 'x', reference: `ref-${status}-1234` });
    stubFetch({ 'POST /api/statement/slip': { body: { total: 2, slips: [slip('in_progress', 'UNKNOW_ERROR'), slip('FAILED', 'EXPIRED_SLIP')] } } });
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <SlipModal onClose={() => {}} />
      </QueryClientProvider>,
    );
    const list = await screen.findByTestId('slip-list');
    expect(await screen.findByTestId('slip-waiting')).toHaveTextContent('รอเจ้าหน้าที่ตรวจสอบ');
    expect(list).not.toHaveTextContent(i18n.t('errors.UNKNOW_ERROR'));
    expect(list).toHaveTextContent(i18n.t('errors.EXPIRED_SLIP'));
  });
});
