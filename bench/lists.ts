// The list calls, measured with autocannon: each member list call of SPEC §7 (and
// the operator tables) at its first page, members taken in turn from a spread sample, plus a page
// deep in one heavy member's rows. `bench/lists-run.ts` runs it on a small and a large database
// side by side; `bench/run.ts` may call `benchLists` on its own server.
import autocannon from 'autocannon';

export interface ListCall {
  name: string;
  method: 'GET' | 'POST';
  /** The path (and body) for the n-th request. */
  path: (n: number) => string;
  body?: (n: number) => unknown;
  /** Whose token: members in turn, the heavy member, or the operator. */
  as: 'member' | 'heavy' | 'operator';
}

export interface ListFigures {
  name: string;
  p50: number;
  p99: number;
  requestsPerSecond: number;
  non2xx: number;
  errors: number;
}

export interface ListBenchOptions {
  baseUrl: string;
  /** Member tokens, spread over the whole member range. */
  memberTokens: string[];
  /** The member ids of those tokens, in the same order (operator pages name a member). */
  memberIds: string[];
  /** A member with many rows of each kind (page 1,000 of their statement, slips, invites, chat). */
  heavyToken?: string;
  heavyMemberId?: string;
  /** An operator with roles admin, finance and marketing: the operator tables are measured too. */
  operatorToken?: string;
  seconds?: number;
  connections?: number;
  /** Only calls whose name contains one of these. */
  only?: string[];
}

/** The calls: member lists at page 1 (SPEC §9 page sizes), deep pages, operator tables. */
export function listCalls(options: Pick<ListBenchOptions, 'memberIds' | 'heavyToken' | 'heavyMemberId' | 'operatorToken'>): ListCall[] {
  const page = (pageNumber: number, limit: number) => () => ({ page: pageNumber, limit });
  // A member's day in UTC+7, `back` days ago (the statement's filters take member days).
  const day = (back: number) => new Date(Date.now() + 7 * 3_600_000 - back * 86_400_000).toISOString().slice(0, 10);
  const filtered = (pageNumber: number, type: string) => () => ({ page: pageNumber, limit: 10, type, from: day(30), to: day(0) });
  const calls: ListCall[] = [
    { name: 'POST /api/statement', method: 'POST', path: () => '/api/statement', body: page(1, 10), as: 'member' },
    { name: 'POST /api/statement (deposits, 30 days)', method: 'POST', path: () => '/api/statement', body: filtered(1, 'deposit'), as: 'member' },
    { name: 'POST /api/statement/slip', method: 'POST', path: () => '/api/statement/slip', body: page(1, 10), as: 'member' },
    { name: 'POST /api/invite', method: 'POST', path: () => '/api/invite', body: page(1, 10), as: 'member' },
    { name: 'POST /api/refund', method: 'POST', path: () => '/api/refund', body: page(1, 10), as: 'member' },
    { name: 'POST /api/chat/history', method: 'POST', path: () => '/api/chat/history', body: () => ({ limit: 10, skip: 0 }), as: 'member' },
    { name: 'GET /api/spinwheel/coupon', method: 'GET', path: () => '/api/spinwheel/coupon?page=1&limit=3', as: 'member' },
    { name: 'GET /api/bonus', method: 'GET', path: () => '/api/bonus', as: 'member' },
    { name: 'GET /api/promotion/current', method: 'GET', path: () => '/api/promotion/current', as: 'member' },
    { name: 'GET /api/refund/check', method: 'GET', path: () => '/api/refund/check', as: 'member' },
  ];
  if (options.heavyToken) {
    calls.push(
      { name: 'POST /api/statement page 1,000 (heavy member)', method: 'POST', path: () => '/api/statement', body: page(1000, 10), as: 'heavy' },
      { name: 'POST /api/statement withdrawals, 30 days (heavy member)', method: 'POST', path: () => '/api/statement', body: filtered(1, 'withdraw'), as: 'heavy' },
      { name: 'POST /api/statement/slip page 1,000 (heavy member)', method: 'POST', path: () => '/api/statement/slip', body: page(1000, 10), as: 'heavy' },
      { name: 'POST /api/invite page 1,000 (heavy member)', method: 'POST', path: () => '/api/invite', body: page(1000, 10), as: 'heavy' },
      { name: 'POST /api/chat/history skip 10,000 (heavy member)', method: 'POST', path: () => '/api/chat/history', body: () => ({ limit: 10, skip: 10_000 }), as: 'heavy' },
    );
  }
  if (options.operatorToken) {
    const member = (n: number) => options.memberIds[n % options.memberIds.length];
    calls.push(
      { name: 'GET /api/admin/members', method: 'GET', path: () => '/api/admin/members?q=&page=1&limit=25', as: 'operator' },
      { name: 'GET /api/admin/members?q=<phone>', method: 'GET', path: (n) => `/api/admin/members?q=07${String(Number(member(n)) - 100_001).padStart(8, '0')}&page=1&limit=25`, as: 'operator' },
      // A name as an operator types it (lower case, part of it): letters make the search read names.
      { name: 'GET /api/admin/members?q=<name>', method: 'GET', path: (n) => `/api/admin/members?q=${encodeURIComponent(`bench ${Number(member(n)) - 100_001}`)}&page=1&limit=25`, as: 'operator' },
      // Letters every member's name holds: the broadest search, a page of the newest and a count.
      { name: 'GET /api/admin/members?q=<letters of every name>', method: 'GET', path: () => '/api/admin/members?q=ench&page=1&limit=25', as: 'operator' },
      { name: 'GET /api/admin/members/:id', method: 'GET', path: (n) => `/api/admin/members/${member(n)}`, as: 'operator' },
      { name: 'GET /api/admin/members/:id/ledger', method: 'GET', path: (n) => `/api/admin/members/${member(n)}/ledger?page=1&limit=25`, as: 'operator' },
      { name: 'GET /api/admin/members/:id/statement', method: 'GET', path: (n) => `/api/admin/members/${member(n)}/statement?page=1&limit=20`, as: 'operator' },
      { name: 'GET /api/admin/members/:id/slips', method: 'GET', path: (n) => `/api/admin/members/${member(n)}/slips?page=1&limit=20`, as: 'operator' },
      { name: 'GET /api/admin/members/:id/withdrawals', method: 'GET', path: (n) => `/api/admin/members/${member(n)}/withdrawals?page=1&limit=20`, as: 'operator' },
      { name: 'GET /api/admin/slips (pending)', method: 'GET', path: () => '/api/admin/slips?status=pending&page=1&limit=50', as: 'operator' },
      { name: 'GET /api/admin/slips (SUCCESS)', method: 'GET', path: () => '/api/admin/slips?status=SUCCESS&page=1&limit=50', as: 'operator' },
      { name: 'GET /api/admin/withdrawals (pending)', method: 'GET', path: () => '/api/admin/withdrawals?status=pending&page=1&limit=50', as: 'operator' },
      { name: 'GET /api/admin/withdrawals (SUCCESS)', method: 'GET', path: () => '/api/admin/withdrawals?status=SUCCESS&page=1&limit=50', as: 'operator' },
      { name: 'GET /api/admin/invite-reviews', method: 'GET', path: () => '/api/admin/invite-reviews?page=1&limit=20', as: 'operator' },
      { name: 'GET /api/admin/audit', method: 'GET', path: () => '/api/admin/audit?page=1&limit=50', as: 'operator' },
      { name: 'GET /api/admin/books/daily (31 days)', method: 'GET', path: () => `/api/admin/books/daily?${lastDays(31)}`, as: 'operator' },
    );
    if (options.heavyMemberId) {
      const heavy = options.heavyMemberId;
      calls.push(
        { name: 'GET /api/admin/members/:id/statement page 1,000 (heavy member)', method: 'GET', path: () => `/api/admin/members/${heavy}/statement?page=1000&limit=20`, as: 'operator' },
      );
    }
  }
  return calls;
}

/** The query of the daily figures' last `count` gaming days in Bangkok, today included. */
function lastDays(count: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Bangkok', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
  const from = new Date(Date.parse(`${today}T00:00:00Z`) - (count - 1) * 86_400_000).toISOString().slice(0, 10);
  return `from=${from}&to=${today}&currency=THB`;
}

const percentile = (sorted: number[], fraction: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? 0;

/** p50/p99 (ms) of each list call at `connections` connections for `seconds` seconds each. */
export async function benchLists(options: ListBenchOptions, log: (line: string) => void = console.log): Promise<ListFigures[]> {
  const seconds = options.seconds ?? 10;
  const connections = options.connections ?? 4;
  const figures: ListFigures[] = [];
  for (const call of listCalls(options)) {
    if (options.only && !options.only.some((part) => call.name.includes(part))) continue;
    const tokens = call.as === 'member' ? options.memberTokens : call.as === 'heavy' ? [options.heavyToken!] : [options.operatorToken!];
    let counter = 0;
    // Our own latencies, to the microsecond: autocannon's histogram counts whole milliseconds.
    const drive = (duration: number, latencies: number[]) =>
      new Promise<autocannon.Result>((resolve, reject) => {
        const instance = autocannon(
          {
            url: options.baseUrl,
            connections,
            duration,
            requests: [
              {
                setupRequest: (request) => {
                  const n = counter++;
                  return {
                    ...request,
                    method: call.method,
                    path: call.path(n),
                    ...(call.body ? { body: JSON.stringify(call.body(n)) } : {}),
                    headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens[n % tokens.length]}`, 'x-client': 'wallet-user' },
                  };
                },
              },
            ],
          },
          (error, result) => (error ? reject(error) : resolve(result)),
        );
        instance.on('response', (_client: unknown, _status: number, _bytes: number, responseTime: number) => latencies.push(responseTime));
      });
    // A warm-up first (the server's code paths, the database's cache), not counted.
    await drive(Math.min(3, seconds), []);
    const latencies: number[] = [];
    const result = await drive(seconds, latencies);
    latencies.sort((a, b) => a - b);
    const figure: ListFigures = {
      name: call.name,
      p50: round(percentile(latencies, 0.5)),
      p99: round(percentile(latencies, 0.99)),
      requestsPerSecond: result.requests.average,
      non2xx: result.non2xx,
      errors: result.errors,
    };
    log(`${call.name}: p50 ${figure.p50} ms, p99 ${figure.p99} ms, ${figure.requestsPerSecond.toFixed(0)} req/s${figure.non2xx || figure.errors ? `, non-2xx ${figure.non2xx}, errors ${figure.errors}` : ''}`);
    figures.push(figure);
  }
  return figures;
}

const round = (ms: number) => Math.round(ms * 100) / 100;
