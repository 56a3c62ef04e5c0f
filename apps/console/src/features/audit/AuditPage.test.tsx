import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from 'i18next';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { saveToken } from '../../shared/api/client';
import { AuditPage } from './AuditPage';

const checkpoint = { position: '42', id: '40', hash: 'ab'.repeat(32), entries: 41, at: '2026-11-01T03:00:00.000Z' };

/** The audit screen against a stub server whose verification answers `report`. */
function renderAudit(report: unknown, latest: unknown = checkpoint, entriesAnswer: unknown = { total: 0, entries: [], currency: 'THB' }) {
  saveToken('operator-token');
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const path = new URL(String(input), 'http://localhost').pathname;
    if (path === '/api/admin/audit/checkpoint') return new Response(JSON.stringify({ checkpoint: latest }));
    if (path === '/api/admin/audit/verify') return new Response(JSON.stringify(report));
    return new Response(JSON.stringify(entriesAnswer));
  });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <AuditPage />
    </QueryClientProvider>,
  );
}
afterEach(() => vi.restoreAllMocks());
beforeAll(() => i18n.changeLanguage('en'));
afterAll(() => i18n.changeLanguage('th'));

describe('the audit screen', () => {
  it('shows where the log was last anchored, and what verification found against it', async () => {
    renderAudit({
      ok: false,
      entries: 39,
      broken: [
        { id: '12', position: '12', problem: 'rechained' },
        { id: '13', position: '13', problem: 'rechained' },
      ],
      checkpoint: { ...checkpoint, status: 'truncated' },
    });
    expect(await screen.findByText(/entry 42, 41 entries/)).toBeInTheDocument();
    await userEvent.click(screen.getByTestId('audit-verify'));
    const report = await screen.findByTestId('audit-report');
    expect(report.textContent).toContain('The log does not hold (39 entries checked).');
    expect(report.textContent).toContain('Entries are missing since the checkpoint');
    expect(report.textContent).toContain('2 hashed again without the key (positions 12, 13)');
  });

  it('says when no checkpoint was written yet', async () => {
    renderAudit({ ok: true, entries: 3, broken: [], checkpoint: null }, null);
    expect(await screen.findByText(/No checkpoint written yet/)).toBeInTheDocument();
    await userEvent.click(screen.getByTestId('audit-verify'));
    expect((await screen.findByTestId('audit-report')).textContent).toContain('The log is whole (3 entries).');
  });
});

describe('an entry’s detail', () => {
  const entry = (detail: unknown) => ({ _id: '7', actor: 'boon', action: 'withdrawal.approve', detail, ip: null, createdAt: '2026-11-01T03:00:00.000Z', hash: 'ab' });
  it('shows amounts in baht or kip with the currency, not as satang in raw JSON, in the normal font', async () => {
    renderAudit({ ok: true, entries: 0, broken: [], checkpoint: null }, null, {
      total: 2,
      currency: 'THB',
      entries: [entry({ id: 'w-1', amount: '250050', reason: 'ชื่อบัญชีไม่ตรง' }), entry({ id: 'w-2', amount: '1500000', currency: 'LAK', reason: null })],
    });
    const details = await screen.findAllByTestId('audit-detail');
    expect(details).toHaveLength(2);
    const [baht, kip] = details as [HTMLElement, HTMLElement];
    expect(baht).toHaveTextContent('amount2,500.50 THB');
    expect(baht).toHaveTextContent('reasonชื่อบัญชีไม่ตรง');
    expect(baht.textContent).not.toContain('250050');
    expect(kip).toHaveTextContent('amount15,000 LAK');
    expect(kip.closest('code')).toBeNull();
    expect(baht.className).not.toContain('font-mono');
  });
});

describe('an entry’s request id', () => {
  const entry = (requestId: string | null) => ({ _id: '8', actor: 'boon', action: 'site-settings', detail: {}, ip: null, createdAt: '2026-11-01T03:00:00.000Z', hash: 'ab', requestId });
  it('is shown short and copied whole, so the logs can be searched for it; an entry without one shows a dash', async () => {
    const writeText = vi.fn(async () => {});
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    try {
      const requestId = '0b6f3c1e-5a7d-4c1b-9f0e-2d8a6b4c3e21';
      renderAudit({ ok: true, entries: 0, broken: [], checkpoint: null }, null, { total: 2, currency: 'THB', entries: [entry(requestId), entry(null)] });
      const shown = await screen.findByTestId('request-id');
      expect(shown).toHaveTextContent('0b6f3c1e…');
      expect(shown).toHaveAttribute('title', requestId);
      await userEvent.click(screen.getByRole('button', { name: `Copy request id ${requestId}` }));
      expect(writeText).toHaveBeenCalledWith(requestId);
      expect(screen.getAllByTestId('request-id')).toHaveLength(1);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
