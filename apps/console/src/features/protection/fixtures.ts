import type { HarmCaseDetail, HarmCaseSummary, HarmRuleVersion } from '@wallet/contract';

/** Fixtures for the protection feature's tests, shaped by the contract's types. */
export const NOW = Date.UTC(2026, 10, 29, 7, 0); // 29/11/2026 14:00 in Bangkok
export const MINUTE = 60_000;
export const CASE_ID = '7c1a0000-0000-4000-8000-000000000041';

export const harmSummary = (fields: Partial<HarmCaseSummary> = {}): HarmCaseSummary => ({
  id: CASE_ID,
  memberId: '100300',
  memberPhone: '0812345678',
  status: 'open',
  level: 'interact',
  score: 7,
  markers: ['chasing_losses', 'night_play'],
  openedAt: NOW - 20 * MINUTE,
  dueAt: NOW + 40 * MINUTE,
  firstActionAt: null,
  outcome: null,
  closedAt: null,
  closedBy: null,
  ...fields,
});

export const harmDetail = (fields: Partial<HarmCaseDetail> = {}): HarmCaseDetail => ({
  ...harmSummary(),
  assessment: {
    score: 7,
    level: 'interact',
    assessedAt: NOW - 20 * MINUTE,
    markers: [
      { code: 'chasing_losses', version: 1, points: 4, reason: '3 deposits within 30 min of a loss in 7 days' },
      { code: 'night_play', version: 2, points: 3, reason: 'played between 00:00 and 06:00 on 4 of 7 nights' },
    ],
  },
  actions: [],
  closingNote: null,
  ...fields,
});

export const harmRule = (fields: Partial<HarmRuleVersion> = {}): HarmRuleVersion => ({
  code: 'chasing_losses',
  version: 1,
  points: 4,
  params: { minutes: 30, times: 3 },
  createdBy: null,
  createdAt: null,
  ...fields,
});
