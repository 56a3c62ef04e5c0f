/**
 * The console's query keys, one factory a resource. Every key of a resource starts with its `all`,
 * so invalidating `all` reloads each page and filter of it. In shared/ because a change in one
 * feature reloads another's resources (an approval reloads offers, wheels and settings; a proposed
 * correction the corrections list).
 */
export const queryKeys = {
  me: { all: ['me'] as const },
  sessions: { all: ['my-sessions'] as const },
  operators: { all: ['operators'] as const },
  queues: { all: ['queue'] as const, of: (queue: string) => ['queue', queue] as const },
  /** The bank statement's lines waiting for operators, with the 30-day figures. */
  bankCredits: { all: ['bank-credits'] as const, figures: ['bank-credits', 'figures'] as const },
  /** Withdrawals paid by the bank by itself: the state, limits, today's budget and the 30-day figures. */
  autoPayout: { all: ['auto-payout'] as const },
  corrections: { all: ['corrections'] as const, list: (status: string, page: number) => ['corrections', status, page] as const },
  configChanges: { all: ['config-changes'] as const, list: (status: string, page: number) => ['config-changes', status, page] as const },
  audit: { all: ['audit'] as const, checkpoint: ['audit', 'checkpoint'] as const, list: (filter: object, page: number) => ['audit', filter, page] as const },
  settings: { all: ['settings'] as const, history: (page: number) => ['settings', 'history', page] as const },
  offers: { all: ['offers'] as const, of: (kind: string) => ['offers', kind] as const },
  programmes: { all: ['programme'] as const, of: (programme: string) => ['programme', programme] as const },
  texts: { all: ['texts'] as const, agreements: ['texts', 'agreements'] as const, notice: ['texts', 'notice'] as const },
  banners: { all: ['banners'] as const },
  inviteReviews: { all: ['invite-reviews'] as const, page: (page: number) => ['invite-reviews', page] as const },
  spinwheels: { all: ['spinwheels'] as const, report: (id: string | null) => ['spinwheels', 'report', id] as const },
  members: { search: (q: string, page: number) => ['members', q, page] as const },
  member: {
    of: (id: string | null) => ['member', id] as const,
    condition: (id: string) => ['member', id, 'condition'] as const,
    ledger: (id: string, page: number) => ['member', id, 'ledger', page] as const,
    records: (id: string, what: string, page: number, path: string) => ['member', id, what, page, path] as const,
    spins: (id: string) => ['member', id, 'spins'] as const,
    links: (id: string) => ['member', id, 'links'] as const,
    protection: (id: string) => ['member', id, 'protection'] as const,
    spinsPage: (id: string, page: number) => ['member', id, 'spins', page] as const,
    notices: (id: string) => ['member', id, 'notices'] as const,
  },
  reference: (reference: string | undefined) => ['reference', reference] as const,
  chat: {
    all: ['chat'] as const,
    conversations: ['chat', 'conversations'] as const,
    conversationsOf: (filter: string) => ['chat', 'conversations', filter] as const,
    messages: (id: string) => ['chat', 'messages', id] as const,
    templates: ['chat', 'templates'] as const,
  },
  dashboard: (currency: string | undefined) => ['dashboard', currency ?? 'default'] as const,
  noticeFigures: ['notices', 'figures'] as const,
  /** The texts of every kind of notice in every language, with the site's sample amount. */
  noticeTemplates: ['notices', 'templates'] as const,
  /** Offer campaigns: their list and the counts of a segment. */
  noticeCampaigns: { all: ['notice-campaigns'] as const, list: (page: number) => ['notice-campaigns', 'list', page] as const, counts: (segment: object | null) => ['notice-campaigns', 'counts', segment] as const },
  books: {
    all: ['books'] as const,
    status: ['books', 'status'] as const,
    checks: (page: number) => ['books', 'checks', page] as const,
    daily: (range: object) => ['books', 'daily', range] as const,
    exposure: ['books', 'exposure'] as const,
  },
  risk: {
    all: ['risk'] as const,
    /** Every list of decisions (the held tab's pages, a member's recent ones): a release reloads them all. */
    decisions: ['risk', 'decisions'] as const,
    decisionList: (filter: object, page: number) => ['risk', 'decisions', filter, page] as const,
    rules: ['risk', 'rules'] as const,
    versions: (code: string) => ['risk', 'rules', code, 'versions'] as const,
    /** Every list of cases and every case: a change to one reloads the lists it moves between. */
    cases: ['risk', 'cases'] as const,
    caseList: (filter: object, page: number) => ['risk', 'cases', 'list', filter, page] as const,
    case: (id: string) => ['risk', 'cases', 'one', id] as const,
    metrics: ['risk', 'metrics'] as const,
  },
  /** Player protection's markers of harm: the cases (lists, each case, a member's), the dashboard's figures, the marker rules. */
  harm: {
    all: ['harm'] as const,
    cases: ['harm', 'cases'] as const,
    caseList: (filter: object, page: number) => ['harm', 'cases', 'list', filter, page] as const,
    case: (id: string) => ['harm', 'cases', 'one', id] as const,
    metrics: ['harm', 'metrics'] as const,
    rules: ['harm', 'rules'] as const,
  },
  reconciliation: {
    all: ['reconciliation'] as const,
    exceptions: ['reconciliation', 'exceptions'] as const,
    exceptionList: (filter: object, page: number) => ['reconciliation', 'exceptions', 'list', filter, page] as const,
    exception: (id: string) => ['reconciliation', 'exceptions', 'one', id] as const,
    /** The waiting-over-a-day figure, which the dashboard reads as well. */
    unowned: ['reconciliation', 'exceptions', 'unowned'] as const,
    runs: (page: number) => ['reconciliation', 'runs', page] as const,
    rules: ['reconciliation', 'rules'] as const,
    operatorNames: ['reconciliation', 'operator-names'] as const,
  },
};
