import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ProtectionStatus } from '@wallet/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../shared/i18n';
import { callsTo, stubFetch } from '../../test/fetchRoutes';
import { renderWithQueries } from '../../test/render';
import { BreakNowButton } from '../../shared/ui/BreakNowButton';
import { changeAppliesAt } from './preview';
import { ProtectionPage } from './ProtectionPage';
import { LimitPrompt } from '../../shared/ui/LimitPrompt';
import { formatWhen } from '../../shared/protection/when';

const HOUR = 3_600_000;
const noLimit = (kind: ProtectionStatus['limits'][number]['kind']) => ({ kind, amount: null, next: null, used: null, resetsAt: null });
const midnight = Date.UTC(2026, 10, 29, 17, 0); // 30/11/2026 00:00 in Bangkok

function status(overrides: Partial<ProtectionStatus> = {}): ProtectionStatus {
  return {
    limits: [
      { kind: 'deposit_day', amount: 500, next: null, used: 200, resetsAt: midnight },
      noLimit('deposit_week'),
      noLimit('deposit_month'),
      noLimit('loss_day'),
      noLimit('loss_week'),
      noLimit('loss_month'),
      noLimit('transfer_day'),
      noLimit('session_minutes'),
    ],
    restriction: null,
    coolingHours: 24,
    strict: false,
    history: [],
    prompt: null,
    ...overrides,
  };
}

afterEach(async () => {
  vi.restoreAllMocks();
  await i18n.changeLanguage('th');
});

describe('the one-tap 24-hour break', () => {
  it('starts with one tap and no question; a double tap sends one call', async () => {
    const onBreak = status({ restriction: { kind: 'break', startsAt: Date.now(), endsAt: Date.now() + 24 * HOUR, returnRequestedAt: null, byOperator: false } });
    const fetchMock = stubFetch({ 'GET /api/protection': { body: status() }, 'POST /api/protection/break': { body: onBreak, delayMs: 30 } });
    renderWithQueries(<BreakNowButton />);
    const button = await screen.findByTestId('break-now');
    await vi.waitFor(() => expect(callsTo(fetchMock, 'GET /api/protection')).toHaveLength(1));
    const user = userEvent.setup();
    await user.dblClick(button);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    await vi.waitFor(() => expect(screen.queryByTestId('break-now')).toBeNull());
    const posts = callsTo(fetchMock, 'POST /api/protection/break');
    expect(posts).toHaveLength(1);
    expect(JSON.parse(String(posts[0]![1]!.body))).toEqual({ period: '24h' });
  });

  it('shows the break in force on the screen: its end, what is closed and what stays open', async () => {
    const endsAt = midnight;
    stubFetch({ 'GET /api/protection': { body: status({ restriction: { kind: 'break', startsAt: endsAt - 24 * HOUR, endsAt, returnRequestedAt: null, byOperator: false } }) } });
    await i18n.changeLanguage('en');
    renderWithQueries(<ProtectionPage />);
    const notice = await screen.findByTestId('protection-restriction');
    expect(notice).toHaveTextContent('You are on a break until 30/11/2026 00:00.');
    expect(notice).toHaveTextContent('games, deposits, bonuses and spins');
    expect(notice).toHaveTextContent('your balance, statement, withdrawals and support chat');
    expect(screen.queryByTestId('break-now')).toBeNull();
  });
});

describe('editing a limit says when the change applies', () => {
  it('lowering applies now, raising and removing after the cooling hours', async () => {
    const fetchMock = stubFetch({ 'GET /api/protection': { body: status() }, 'PUT /api/protection/limits': { body: { message: 'SUCCESS', appliesAt: Date.now() } } });
    await i18n.changeLanguage('en');
    renderWithQueries(<ProtectionPage />);
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('limit-deposit_day-edit'));
    const field = screen.getByTestId('limit-deposit_day-input');
    await user.type(field, '300');
    expect(screen.getByTestId('limit-deposit_day-preview')).toHaveTextContent('Applies now.');
    await user.clear(field);
    await user.type(field, '800');
    expect(screen.getByTestId('limit-deposit_day-preview')).toHaveTextContent(/^A raise waits: applies on \d\d\/\d\d\/\d{4} \d\d:\d\d\.$/);
    expect(screen.getByTestId('limit-deposit_day-remove-preview')).toHaveTextContent(/^Removal waits: the limit ends on \d\d\/\d\d\/\d{4} \d\d:\d\d\.$/);
    await act(() => i18n.changeLanguage('th'));
    expect(screen.getByTestId('limit-deposit_day-preview')).toHaveTextContent(/^การเพิ่มต้องรอ: มีผล \d\d\/\d\d\/\d{4} \d\d:\d\d$/);
    await user.click(screen.getByTestId('limit-deposit_day-save'));
    await vi.waitFor(() => expect(callsTo(fetchMock, 'PUT /api/protection/limits')).toHaveLength(1));
    expect(JSON.parse(String(callsTo(fetchMock, 'PUT /api/protection/limits')[0]![1]!.body))).toEqual({ kind: 'deposit_day', amount: 800 });
  });

  it('shows what is used, when it resets, and a raise waiting', async () => {
    const waiting = status();
    waiting.limits[0] = { kind: 'deposit_day', amount: 500, next: { amount: 1000, at: midnight + 24 * HOUR }, used: 200, resetsAt: midnight };
    stubFetch({ 'GET /api/protection': { body: waiting } });
    await i18n.changeLanguage('en');
    renderWithQueries(<ProtectionPage />);
    expect(await screen.findByTestId('limit-deposit_day-used')).toHaveTextContent('Used 200.00 of 500.00 · resets on 30/11/2026 00:00');
    expect(screen.getByTestId('limit-deposit_day-next')).toHaveTextContent('Becomes 1,000.00 on 01/12/2026 00:00');
    expect(screen.getByTestId('limit-loss_day-amount')).toHaveTextContent('No limit');
  });

  it('follows the server’s cooling rule, strict included', () => {
    const now = Date.UTC(2026, 10, 29, 3, 0);
    const limit = { kind: 'deposit_month' as const, amount: 500, resetsAt: Date.UTC(2026, 10, 30, 17, 0) };
    expect(changeAppliesAt(limit, 400, { coolingHours: 24, strict: false }, now)).toBeNull();
    expect(changeAppliesAt(limit, 500, { coolingHours: 24, strict: false }, now)).toBeNull();
    expect(changeAppliesAt({ ...limit, amount: null }, 400, { coolingHours: 24, strict: false }, now)).toBeNull();
    expect(changeAppliesAt(limit, 600, { coolingHours: 24, strict: false }, now)).toBe(now + 24 * HOUR);
    expect(changeAppliesAt(limit, null, { coolingHours: 24, strict: false }, now)).toBe(now + 24 * HOUR);
    expect(changeAppliesAt(limit, 600, { coolingHours: 24, strict: true }, now)).toBe(now + 72 * HOUR);
    expect(changeAppliesAt({ ...limit, resetsAt: now + 100 * HOUR }, 600, { coolingHours: 24, strict: true }, now)).toBe(now + 100 * HOUR);
    expect(formatWhen(midnight)).toBe('30/11/2026 00:00');
  });
});

describe('self-exclusion', () => {
  it('asks first, saying it cannot be undone, then excludes', async () => {
    const fetchMock = stubFetch({ 'GET /api/protection': { body: status() }, 'POST /api/protection/exclusion': { body: status({ restriction: { kind: 'exclusion', startsAt: Date.now(), endsAt: null, returnRequestedAt: null, byOperator: false } }) } });
    await i18n.changeLanguage('en');
    renderWithQueries(<ProtectionPage />);
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('exclusion-period-forever'));
    await user.click(screen.getByTestId('exclusion-start'));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('cannot be undone');
    expect(callsTo(fetchMock, 'POST /api/protection/exclusion')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Yes, exclude me' }));
    await vi.waitFor(() => expect(screen.getByTestId('protection-restriction')).toHaveTextContent('You have excluded yourself without end.'));
    expect(JSON.parse(String(callsTo(fetchMock, 'POST /api/protection/exclusion')[0]![1]!.body))).toEqual({ period: 'forever' });
  });
});

describe('after a self-exclusion', () => {
  it('offers to return, and says the account opens 24 hours after asking', async () => {
    const ended = { kind: 'exclusion' as const, startsAt: Date.now() - 400 * 24 * HOUR, endsAt: Date.now() - HOUR, returnRequestedAt: null, byOperator: false };
    const askedAt = midnight - 24 * HOUR;
    const fetchMock = stubFetch({
      'GET /api/protection': { body: status({ restriction: ended }) },
      'POST /api/protection/return': { body: status({ restriction: { ...ended, returnRequestedAt: askedAt } }) },
    });
    await i18n.changeLanguage('en');
    renderWithQueries(<ProtectionPage />);
    expect(await screen.findByTestId('protection-restriction')).toHaveTextContent('Your self-exclusion has ended.');
    await userEvent.setup().click(screen.getByTestId('protection-return'));
    expect(await screen.findByTestId('protection-return-requested')).toHaveTextContent('You asked to return. Your account opens on 30/11/2026 00:00.');
    expect(callsTo(fetchMock, 'POST /api/protection/return')).toHaveLength(1);
  });
});

describe('the limit prompt', () => {
  it('offers a limit first and takes "not now" with one call, then is gone', async () => {
    const fetchMock = stubFetch({ 'GET /api/protection': { body: status({ prompt: 'first' }) }, 'POST /api/protection/prompt': { body: status({ prompt: null }), delayMs: 30 } });
    await i18n.changeLanguage('en');
    renderWithQueries(<LimitPrompt />);
    const prompt = await screen.findByTestId('limit-prompt');
    expect(prompt).toHaveTextContent('Set yourself a deposit limit?');
    expect(prompt).toHaveTextContent('a higher limit waits 24 hours');
    // Setting one is the first choice, and leads to the limits.
    expect(screen.getByTestId('limit-prompt-set')).toHaveAttribute('href', '/user/protection');
    await userEvent.setup().dblClick(screen.getByTestId('limit-prompt-later'));
    await vi.waitFor(() => expect(screen.queryByTestId('limit-prompt')).toBeNull());
    const posts = callsTo(fetchMock, 'POST /api/protection/prompt');
    expect(posts).toHaveLength(1);
    expect(JSON.parse(String(posts[0]![1]!.body))).toEqual({ answer: 'not_now' });
  });

  it('reminds six months on to review the limits, in Thai by default', async () => {
    stubFetch({ 'GET /api/protection': { body: status({ prompt: 'review' }) } });
    renderWithQueries(<LimitPrompt />);
    expect(await screen.findByTestId('limit-prompt')).toHaveTextContent('ถึงเวลาทบทวนวงเงินของคุณ');
    expect(screen.getByTestId('limit-prompt-later')).toHaveTextContent('เหมาะสมแล้ว');
  });

  it('shows nothing once answered', async () => {
    const fetchMock = stubFetch({ 'GET /api/protection': { body: status() } });
    renderWithQueries(<LimitPrompt />);
    await vi.waitFor(() => expect(callsTo(fetchMock, 'GET /api/protection')).toHaveLength(1));
    expect(screen.queryByTestId('limit-prompt')).toBeNull();
  });
});
