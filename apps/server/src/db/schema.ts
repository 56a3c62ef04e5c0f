import type { ApprovalReason, CampaignLanguage, CampaignPath, CampaignSegment, CampaignText, CORRECTION_REASONS, ConfigChangeKind, CurrencyCode, OperatorRole } from '@wallet/contract';
import type { ColumnType, Generated } from 'kysely';
import type { ChannelName, NoticeChannelChoices, NoticeFacts, NoticeKind } from '../modules/notices/channel.js';

/** Kysely's view of the tables in migrations/. Keep in step with the SQL. */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Json<T> = ColumnType<T, string, string>;
/** numeric comes back as a string: exact, never a float. */
type Numeric = ColumnType<string, string | number, string | number>;

export interface Database {
  schema_migrations: { name: string; applied_at: Timestamp };
  settings: { key: string; value: Json<unknown>; updated_at: Timestamp };
  banks: {
    code: string;
    name_th: string;
    name_en: string;
    name_lo: string | null;
    slip_code: string | null;
    country: 'TH' | 'LA';
    sort_order: Generated<number>;
    enabled: Generated<boolean>;
  };
  sources: { code: string; description: Json<Record<string, string>>; sort_order: Generated<number> };
  site_texts: { kind: SiteTextKind; lang: string; position: Generated<number>; body: string };
  agreement_acceptances: { member_id: bigint; version: string; accepted_at: Timestamp };
  members: {
    id: Generated<bigint>;
    phone: string;
    name: string;
    password_hash: string;
    status: Generated<'active' | 'blocked'>;
    bank_code: string;
    bank_account_no: string;
    bank_account_name: string;
    currency: Generated<string>;
    source_code: string | null;
    inviter_id: bigint | null;
    registered_ip: string | null;
    registered_user_agent: string | null;
    created_at: Timestamp;
    updated_at: Timestamp;
  };
  sessions: {
    id: Generated<string>;
    member_id: bigint;
    created_at: Timestamp;
    expires_at: Timestamp;
    revoked_at: Timestamp | null;
    ip: string | null;
    user_agent: string | null;
  };
  attempt_counters: { key: string; window_started_at: Timestamp; attempts: number };
  otp_requests: {
    id: Generated<string>;
    phone: string;
    token_hash: string;
    ref: string;
    code_hash: string;
    created_at: Timestamp;
    expires_at: Timestamp;
    wrong_attempts: Generated<number>;
    verified_at: Timestamp | null;
    used_at: Timestamp | null;
    /** What the code is for: creating an account, or a new password for a member who forgot theirs. */
    purpose: Generated<'register' | 'password-reset'>;
  };
  phone_blocks: { phone: string; blocked_until: Timestamp };
  admin_users: {
    id: Generated<bigint>;
    username: string;
    password_hash: string;
    roles: Generated<OperatorRole[]>;
    created_at: Timestamp;
    disabled_at: Timestamp | null;
    created_by: bigint | null;
    totp_secret: string | null;
    totp_enabled_at: Timestamp | null;
    totp_last_step: bigint | null;
  };
  config_changes: {
    id: Generated<string>;
    kind: ConfigChangeKind;
    subject: string;
    currency: CurrencyCode | null;
    reasons: ApprovalReason[];
    proposed: Json<Record<string, unknown>>;
    previous: ColumnType<Record<string, unknown> | null, string | null, string | null>;
    status: Generated<'proposed' | 'approved' | 'rejected'>;
    proposed_by: bigint;
    decided_by: bigint | null;
    decision_note: string | null;
    created_at: Timestamp;
    decided_at: Timestamp | null;
  };
  money_corrections: {
    id: Generated<string>;
    member_id: bigint;
    direction: 'credit' | 'debit';
    amount: bigint;
    reason_code: (typeof CORRECTION_REASONS)[number];
    note: string;
    status: Generated<'proposed' | 'approved' | 'rejected'>;
    proposed_by: bigint;
    idempotency_key: string | null;
    decided_by: bigint | null;
    decision_note: string | null;
    created_at: Timestamp;
    decided_at: Timestamp | null;
  };
  admin_recovery_codes: {
    admin_id: bigint;
    code_hash: string;
    used_at: Timestamp | null;
  };
  admin_sessions: {
    id: Generated<string>;
    admin_id: bigint;
    created_at: Timestamp;
    expires_at: Timestamp;
    revoked_at: Timestamp | null;
    ip: string | null;
    user_agent: string | null;
  };
  books_checks: {
    id: Generated<bigint>;
    /** The hour a scheduled check claimed; null for one an operator asked for (`asked_by`). */
    scheduled_hour: Timestamp | null;
    asked_by: string | null;
    started_at: Generated<Date>;
    finished_at: Timestamp | null;
    ok: boolean | null;
    breaches: number | null;
    report: Json<unknown> | null;
  };
  /** Each source's matching rules, one row a version (reconciliation module). */
  reconciliation_rules: {
    source: 'provider' | 'gateway' | 'bank';
    version: number;
    settings: Json<unknown>;
    note: string | null;
    created_by: bigint | null;
    created_at: Generated<Date>;
  };
  reconciliation_runs: {
    id: Generated<bigint>;
    source: 'provider' | 'gateway' | 'bank';
    /** The gaming day, YYYY-MM-DD (date columns are read as text). */
    day: string;
    rule_version: number;
    asked_by: string | null;
    started_at: Generated<Date>;
    finished_at: Timestamp | null;
    error: string | null;
    ours: number | null;
    theirs: number | null;
    matched: number | null;
    exceptions: number | null;
    totals: Json<unknown> | null;
  };
  reconciliation_exceptions: {
    id: Generated<string>;
    source: 'provider' | 'gateway' | 'bank';
    day: string;
    kind: 'ours_only' | 'theirs_only' | 'amount_differs' | 'date_differs';
    our_ref: Generated<string>;
    their_ref: Generated<string>;
    currency: string;
    our_amount: bigint | null;
    their_amount: bigint | null;
    member_id: bigint | null;
    detail: ColumnType<unknown, string | undefined, string>;
    opened_run: bigint;
    last_seen_run: bigint;
    opened_at: Generated<Date>;
    assignee: bigint | null;
    assigned_at: Timestamp | null;
    status: Generated<'open' | 'cleared' | 'matched' | 'correcting' | 'corrected' | 'write_off_proposed' | 'written_off'>;
    resolution_reason: string | null;
    correction_id: string | null;
    proposed_by: bigint | null;
    decided_by: bigint | null;
    resolved_at: Timestamp | null;
  };
  reconciliation_exception_notes: { id: Generated<bigint>; exception_id: string; admin_id: bigint; note: string; created_at: Generated<Date> };
  /** The operator's figures per gaming day and currency, rolled up from the ledger (books module). */
  ledger_daily_figures: {
    day: string;
    currency: string;
    figure: string;
    dimension: Generated<string>;
    amount: Generated<bigint>;
    count: Generated<bigint>;
  };
  /** The operator's bank balances entered by hand, every entry kept (books module). */
  books_bank_balances: {
    id: Generated<bigint>;
    name: string;
    currency: CurrencyCode;
    balance: bigint;
    entered_by: string;
    entered_at: Generated<Date>;
  };
  /** How far the daily figures' sweep has read: one row. */
  ledger_daily_figures_watermark: {
    id: Generated<boolean>;
    last_transfer_id: Generated<bigint>;
    last_member_id: Generated<bigint>;
    swept_at: Generated<Date>;
  };
  audit_log: {
    id: Generated<bigint>;
    actor: string;
    action: string;
    detail: Json<unknown>;
    ip: string | null;
    created_at: Timestamp;
    /** The chain (migrations 021, 054): written by the server's audit trail (`modules/audit/audit-writer.ts`), never defaulted. */
    position: bigint;
    prev_hash: string;
    hash: string;
    /** false: an entry hashed by the old unkeyed scheme, before migration 054. */
    keyed: boolean;
    /** The request or job run that caused it (migration 061, ADR 0339); part of the keyed hash when set. */
    request_id: string | null;
  };
  deposit_accounts: {
    id: Generated<bigint>;
    bank_code: string;
    bank_type: string;
    mode: string;
    currency: Generated<string>;
    account_name: string;
    account_no: string;
    enabled: Generated<boolean>;
    sort_order: Generated<number>;
    /** Set on a baht QR account: its QRs are our own bill-payment QRs, credited from its statement, not through a gateway. */
    promptpay_biller_id: string | null;
  };
  deposit_wallets: {
    id: Generated<bigint>;
    mode: string;
    wallet_account_name: string;
    account_no: string | null;
    enabled: Generated<boolean>;
    sort_order: Generated<number>;
  };
  providers: {
    code: string;
    name: string;
    category: 'slot' | 'sport' | 'lotto';
    /** The wallet currencies it accepts. */
    currencies: Generated<string[]>;
    /** numeric comes back as a string: exact, never a float. */
    ft_wallet_slot: string;
    login_type: 'link' | 'form';
    web_url: string | null;
    android_url: string | null;
    ios_url: string | null;
    logo: string;
    background: string;
    enabled: Generated<boolean>;
    sort_order: Generated<number>;
    /** Whether the provider lets the operator end a player's open game sessions (a break ends them). */
    ends_sessions: Generated<boolean>;
  };
  ledger_accounts: {
    id: Generated<bigint>;
    code: string;
    kind: 'member_wallet' | 'member_game' | 'member_coins' | 'operator';
    member_id: bigint | null;
    provider_code: string | null;
    currency: string;
    balance: Generated<bigint>;
    created_at: Timestamp;
  };
  ledger_transfers: {
    id: Generated<bigint>;
    idempotency_key: string;
    debit_account_id: bigint;
    credit_account_id: bigint;
    amount: bigint;
    kind: string;
    reference: string | null;
    /** Set by the database from the accounts (migration 017). */
    currency: Generated<string>;
    reverses_transfer_id: bigint | null;
    /** On a hold: where the amount goes once posted (migration 049). */
    hold_to_account_id: bigint | null;
    /** On a hold's resolution: the hold, resolved once. */
    resolves_hold_id: bigint | null;
    created_at: Timestamp;
    /** The request or job run that caused it (migration 061, ADR 0339); null before, or when nothing named one. */
    request_id: string | null;
  };
  /** A view (migration 049): a hold is its own transfer, resolved by the transfer that names it. */
  /** An operator account's balance beyond its row's, spread so that concurrent postings do not queue (written by SQL only). */
  ledger_balance_slices: { account_id: bigint; slice: number; balance: Generated<bigint> };
  /** A view: each hold and how it ended. */
  ledger_holds: {
    id: bigint;
    from_account_id: bigint;
    via_account_id: bigint;
    to_account_id: bigint;
    amount: bigint;
    hold_transfer_id: bigint;
    status: 'pending' | 'posted' | 'voided';
    resolution_transfer_id: bigint | null;
    created_at: Timestamp;
    resolved_at: Timestamp | null;
  };
  game_accounts: {
    member_id: bigint;
    provider_code: string;
    username: string;
    password_encrypted: string;
    cached_credits: Generated<bigint>;
    balance_synced_at: Timestamp | null;
    transfer_version: Generated<bigint>;
    created_at: Timestamp;
  };
  provider_transfers: {
    id: string;
    member_id: bigint;
    provider_code: string;
    direction: 'deposit' | 'withdraw';
    amount: bigint;
    credits: bigint;
    status: Generated<'pending' | 'posted' | 'voided'>;
    idempotency_key: string | null;
    failure_reason: string | null;
    attempts: Generated<number>;
    created_at: Timestamp;
    settled_at: Timestamp | null;
    hold_id: bigint | null;
  };
  sandbox_provider_players: {
    provider_code: string;
    username: string;
    password: string;
    credits: Generated<bigint>;
    created_at: Timestamp;
  };
  sandbox_provider_sessions: {
    token: string;
    provider_code: string;
    username: string;
    opened_at: Timestamp;
    ended_at: Timestamp | null;
  };
  sandbox_provider_transactions: {
    tx_id: string;
    provider_code: string;
    username: string;
    type: 'deposit' | 'withdraw' | 'bet' | 'win';
    credits: bigint;
    status: 'success' | 'failed';
    reason: string | null;
    created_at: Timestamp;
  };
  withdrawals: {
    id: Generated<string>;
    member_id: bigint;
    amount: bigint;
    status: Generated<'in_progress' | 'SUCCESS' | 'FAILED'>;
    bank_code: string;
    bank_account_no: string;
    bank_account_name: string;
    idempotency_key: string | null;
    reason: string | null;
    decided_by: string | null;
    decided_at: Timestamp | null;
    created_at: Timestamp;
    hold_id: bigint | null;
    first_approved_by: string | null;
    currency: 'THB' | 'LAK';
    first_approved_at: Timestamp | null;
    reference: Generated<string>;
    /** The risk decision taken on the request (migration 068). */
    risk_decision_id: string | null;
    /** A rule held it for review: paid out or refused only by two operators. */
    held_for_review: Generated<boolean>;
    first_decision: 'SUCCESS' | 'FAILED' | null;
    /** When auto-payout looked at it (null: not yet), and why it left it to operators (empty: paid by itself). */
    auto_checked_at: Timestamp | null;
    auto_reasons: string[] | null;
  };
  payouts: {
    withdrawal_id: string;
    reference: string;
    from_account_no: string;
    amount: bigint;
    currency: 'THB' | 'LAK';
    status: 'sending' | 'pending' | 'paid' | 'failed';
    budget_day: string;
    bank_ref: string | null;
    failure: string | null;
    attempts: Generated<number>;
    next_try_at: Timestamp;
    created_at: Timestamp;
    settled_at: Timestamp | null;
  };
  payout_budget_days: {
    day: string;
    currency: 'THB' | 'LAK';
    spent: bigint;
  };
  deposit_qrcodes: {
    id: string;
    member_id: bigint;
    method: string;
    amount: bigint;
    payload: string;
    gateway_ref: string;
    status: Generated<'open' | 'paid' | 'cancelled'>;
    expires_at: Timestamp;
    checked_at: Timestamp | null;
    created_at: Timestamp;
    /** The operator's account a QR of our own pays into (read from its statement); null for a gateway's QR. */
    account_id: bigint | null;
    /** The deposit a QR of our own was credited as. */
    deposit_id: string | null;
  };
  deposits: { id: Generated<string>; member_id: bigint; method: string; amount: bigint; external_ref: string; created_at: Timestamp; reference: Generated<string> };
  webhook_events: { event_id: string; received_at: Timestamp };
  sandbox_gateway_qrs: {
    gateway_ref: string;
    reference: string;
    method: string;
    amount: bigint;
    payload: string;
    paid_at: Timestamp | null;
    cancelled_at: Timestamp | null;
    created_at: Timestamp;
    currency: Generated<string>;
    refunded_at: Timestamp | null;
  };
  truemoney_redemptions: {
    voucher_hash: string;
    member_id: bigint;
    status_code: string;
    amount: bigint | null;
    state: 'redeeming' | 'credited' | 'failed';
    attempts: Generated<number>;
    updated_at: Timestamp;
    lease_until: Timestamp | null;
    created_at: Timestamp;
  };
  sandbox_truemoney_vouchers: { voucher_hash: string; amount: bigint; outcome: Generated<string>; redeemed_by: string | null; created_at: Timestamp };
  manual_deposit_notices: {
    id: Generated<string>;
    member_id: bigint;
    amount: bigint;
    status: Generated<'in_progress' | 'SUCCESS' | 'FAILED'>;
    idempotency_key: string | null;
    reason: string | null;
    decided_by: string | null;
    decided_at: Timestamp | null;
    created_at: Timestamp;
    reference: Generated<string>;
  };
  slips: {
    id: Generated<string>;
    reference: string;
    member_id: bigint;
    image_key: string;
    status: Generated<'in_progress' | 'SUCCESS' | 'FAILED'>;
    note: string | null;
    needs_review: Generated<boolean>;
    sending_bank: string | null;
    trans_ref: string | null;
    amount: bigint | null;
    transferred_at: Timestamp | null;
    review_reason: string | null;
    decided_by: string | null;
    decided_at: Timestamp | null;
    swept_at: Timestamp | null;
    created_at: Timestamp;
  };
  sandbox_bank_transfers: {
    trans_ref: string;
    sending_bank: string;
    from_account_no: string | null;
    to_account_no: string;
    amount: bigint;
    transferred_at: Timestamp;
    verify_outcome: Generated<string>;
    created_at: Timestamp;
    currency: Generated<string>;
    from_name: string | null;
    receiving_bank: Generated<string>;
    bill_reference: string | null;
  };
  sandbox_bank_billers: { biller_id: string; bank_code: string; account_no: string };
  sandbox_bank_payouts: {
    bank_ref: string;
    from_account_no: string;
    to_bank_code: string;
    to_account_no: string;
    to_name: string | null;
    amount: bigint;
    currency: Generated<string>;
    memo: string | null;
    paid_at: Timestamp;
    created_at: Timestamp;
    our_ref: string | null;
    status: Generated<'SUCCESS' | 'PENDING' | 'FAILED'>;
    failure: string | null;
    settles_at: Timestamp | null;
    requests: Generated<number>;
    promptpay_id: string | null;
  };
  sandbox_bank_promptpay_ids: { promptpay_id: string; bank_code: string; account_no: string; account_name: string };
  risk_rule_versions: {
    code: string;
    version: number;
    mode: 'active' | 'observe' | 'off';
    params: Json<Record<string, number | Record<string, number>>>;
    created_by: string;
    created_at: Timestamp;
  };
  risk_decisions: {
    id: Generated<string>;
    member_id: bigint;
    movement: 'deposit' | 'withdrawal' | 'reward' | 'invite' | 'bank_account';
    subject: string;
    amount: bigint;
    currency: string;
    outcome: 'approve' | 'review' | 'block';
    inputs: Json<unknown>;
    rules: Json<unknown>;
    created_at: Timestamp;
    released_by: string | null;
    released_at: Timestamp | null;
    release_used_at: Timestamp | null;
    /** The case the alert joined (migration 069); null for approvals. */
    case_id: string | null;
    /** The first of the two operators a release takes. */
    release_proposed_by: string | null;
  };
  risk_cases: {
    id: Generated<string>;
    member_id: bigint;
    inbox: 'finance' | 'marketing';
    status: Generated<'open' | 'in_progress' | 'closed'>;
    assignee: string | null;
    outcome: 'false_positive' | 'valuable' | 'confirmed' | null;
    action: 'none' | 'block' | 'freeze' | null;
    opened_at: Timestamp;
    last_alert_at: Timestamp;
    closed_at: Timestamp | null;
    closed_by: string | null;
  };
  risk_case_attachments: {
    id: Generated<string>;
    case_id: string;
    name: string;
    content_type: 'image/png' | 'image/jpeg' | 'image/gif' | 'application/pdf';
    bytes: Buffer;
    created_at: Timestamp;
  };
  risk_case_notes: {
    id: Generated<string>;
    case_id: string;
    author: string;
    body: string;
    attachment_id: string | null;
    created_at: Timestamp;
  };
  risk_snoozes: {
    member_id: bigint;
    code: string;
    until: Timestamp;
    case_id: string;
    created_by: string;
    created_at: Timestamp;
  };
  risk_freezes: {
    member_id: bigint;
    case_id: string;
    reason: string;
    created_by: string;
    created_at: Timestamp;
    lift_proposed_by: string | null;
  };
  bank_feed_cursors: {
    account_id: bigint;
    read_until: Date;
    claimed_at: Timestamp;
  };
  bank_credits: {
    id: Generated<string>;
    account_id: bigint;
    bank_ref: string;
    amount: bigint;
    currency: 'THB' | 'LAK';
    booked_at: Date;
    sender_bank: string | null;
    sender_account: string | null;
    sender_name: string | null;
    batch_count: number | null;
    status: 'credited' | 'duplicate' | 'waiting' | 'assigned';
    reason: 'no_sender' | 'batch' | 'currency' | 'no_member' | 'no_name' | 'several_members' | 'other_sender' | null;
    candidates: ColumnType<bigint[], bigint[] | undefined, bigint[]>;
    member_id: bigint | null;
    deposit_id: string | null;
    proposed_member_id: bigint | null;
    proposed_by: string | null;
    assigned_by: string | null;
    created_at: Timestamp;
    decided_at: Timestamp | null;
  };
  protection_limits: {
    member_id: bigint;
    kind: string;
    amount: bigint | null;
    next_amount: bigint | null;
    next_at: Date | null;
    time_zone: string;
    updated_at: Timestamp;
  };
  protection_limit_changes: {
    id: Generated<bigint>;
    member_id: bigint;
    kind: string;
    from_amount: bigint | null;
    to_amount: bigint | null;
    effective_at: Date;
    operator: string | null;
    created_at: Timestamp;
  };
  protection_restrictions: {
    id: Generated<bigint>;
    member_id: bigint;
    kind: 'break' | 'exclusion';
    starts_at: Timestamp;
    ends_at: Date | null;
    return_requested_at: Date | null;
    operator: string | null;
    reason: string | null;
    created_at: Timestamp;
    lift_proposed_by: string | null;
    lifted_by: string | null;
    lifted_at: Date | null;
  };
  protection_events: {
    id: Generated<bigint>;
    member_id: bigint;
    kind: 'deposit_refused' | 'early_return';
    detail: string;
    created_at: Timestamp;
  };
  harm_rule_versions: {
    code: string;
    version: number;
    points: number;
    params: Json<Record<string, number>>;
    created_by: string;
    created_at: Timestamp;
  };
  harm_assessments: {
    member_id: bigint;
    score: number;
    level: 'none' | 'monitor' | 'interact' | 'intervene';
    markers: Json<unknown>;
    assessed_at: Timestamp;
  };
  harm_cases: {
    id: Generated<string>;
    member_id: bigint;
    status: Generated<'open' | 'closed'>;
    level: 'interact' | 'intervene';
    score: number;
    markers: Json<unknown>;
    assessed_at: Date;
    opened_at: Timestamp;
    due_at: Timestamp;
    first_action_at: Date | null;
    outcome: 'no_concern' | 'supported' | 'restricted' | null;
    closing_note: string | null;
    closed_by: string | null;
    closed_at: Date | null;
  };
  harm_case_actions: {
    id: Generated<string>;
    case_id: string;
    kind: 'message' | 'break' | 'limit' | 'note';
    detail: string;
    created_by: string;
    created_at: Timestamp;
  };
  harm_sweep_cursor: {
    id: Generated<boolean>;
    transfer_id: ColumnType<bigint, bigint | undefined, bigint>;
    event_id: ColumnType<bigint, bigint | undefined, bigint>;
    change_id: ColumnType<bigint, bigint | undefined, bigint>;
    swept_at: Timestamp;
  };
  protection_reviews: {
    member_id: bigint;
    answer: 'set' | 'not_now' | 'reviewed';
    answered_at: Timestamp;
  };
  protection_flags: {
    id: Generated<bigint>;
    member_id: bigint;
    deposit_id: string;
    reason: string;
    limit_kind: string | null;
    created_at: Timestamp;
  };
  member_conditions: {
    id: Generated<string>;
    member_id: bigint;
    kind: 'bonus' | 'promotion' | 'refund' | 'invite' | 'spin';
    source: string;
    base_amount: bigint;
    success_percent: number;
    fail_percent: number;
    status: Generated<'active' | 'completed' | 'ended'>;
    created_at: Timestamp;
    closed_at: Timestamp | null;
    reward_amount: Generated<bigint>;
    clear_mode: Generated<'remaining' | 'reward' | 'none'>;
    cleared_amount: Generated<bigint>;
    clear_transfer_id: bigint | null;
    ended_by: string | null;
    end_reason: string | null;
  };
  offers: {
    code: string;
    kind: 'bonus' | 'promotion';
    status: Generated<'active' | 'paused' | 'retired'>;
    currency: Generated<'THB' | 'LAK'>;
    name: Json<Record<string, string>>;
    description: Json<Record<string, string>>;
    bonus_type: 'limit' | 'day' | 'week' | null;
    max_received: Generated<number>;
    global_cap: number | null;
    claimed_count: Generated<number>;
    reward_mode: 'share' | 'fixed';
    reward_percent: Numeric | null;
    reward_amount: bigint | null;
    reward_cap: bigint | null;
    minimum_deposit: Generated<bigint>;
    has_condition: Generated<boolean>;
    success_percent: number;
    fail_percent: number;
    clear_mode: Generated<'remaining' | 'reward' | 'none'>;
    starts_at: Timestamp | null;
    ends_at: Timestamp | null;
    sort_order: Generated<number>;
    first_deposit_only: Generated<boolean>;
    created_at: Timestamp;
    updated_at: Timestamp;
  };
  reward_claims: {
    id: Generated<string>;
    member_id: bigint;
    kind: 'bonus' | 'promotion' | 'invite' | 'refund' | 'spin';
    offer_code: string | null;
    amount: bigint;
    deposit_amount: Generated<bigint>;
    condition_id: string | null;
    transfer_id: bigint;
    claim_day: string;
    claim_week: string;
    idempotency_key: string | null;
    created_at: Timestamp;
  };
  invite_accruals: {
    id: Generated<string>;
    inviter_id: bigint;
    invitee_id: bigint;
    deposit_id: string;
    amount: bigint;
    status: 'accrued' | 'review' | 'refused' | 'claimed';
    signals: Generated<string[]>;
    claim_id: string | null;
    decided_by: string | null;
    rate_percent: Numeric | null;
    created_at: Timestamp;
  };
  condition_deposits: { deposit_id: string; condition_id: string; amount: bigint; created_at: Generated<Timestamp> };
  spin_coin_loss_marks: { member_id: bigint; counted_loss: bigint; updated_at: Generated<Timestamp> };
  spin_coin_grants: { deposit_id: string; member_id: bigint; deposit_amount: bigint; coins: bigint; created_at: Timestamp };
  chat_conversations: {
    id: Generated<string>;
    member_id: bigint | null;
    guest_key: string | null;
    status: Generated<'open' | 'ended'>;
    session_id: Generated<string>;
    assigned_to: bigint | null;
    last_seq: Generated<number>;
    customer_read_seq: Generated<number>;
    agent_read_seq: Generated<number>;
    last_message_at: Timestamp | null;
    created_at: Timestamp;
  };
  chat_messages: {
    conversation_id: string;
    seq: number;
    id: Generated<string>;
    session_id: string;
    sender: 'customer' | 'agent' | 'system';
    operator_id: bigint | null;
    message_type: string;
    payload: Json<unknown> | null;
    payloads: Json<unknown[]> | null;
    client_id: string | null;
    delivered_at: Timestamp | null;
    read_at: Timestamp | null;
    created_at: Timestamp;
  };
  chat_files: { name: string; conversation_id: string; content_type: string; size: number; created_at: Timestamp };
  chat_templates: { id: Generated<string>; title: string; message_type: 'text' | 'buttons' | 'quick_replies' | 'generic'; payload: Json<unknown> | null; payloads: Json<unknown[]> | null; created_at: Timestamp };
  spin_campaigns: {
    id: Generated<string>;
    name: Json<Record<string, string>>;
    status: Generated<'draft' | 'active' | 'paused'>;
    currency: Generated<'THB' | 'LAK'>;
    starts_at: Timestamp | null;
    ends_at: Timestamp | null;
    created_at: Timestamp;
    updated_at: Timestamp;
  };
  spin_slices: {
    campaign_id: string;
    position: number;
    code: string;
    label: Json<Record<string, string>>;
    description: Json<Record<string, string>>;
    bg_color: string;
    text_color: string;
    weight: number;
    prize_kind: 'cash' | 'bonus' | 'coins' | 'none';
    prize_amount: bigint;
    success_percent: number | null;
    fail_percent: number | null;
    coupon_days: Generated<number>;
  };
  spin_seeds: {
    id: Generated<string>;
    member_id: bigint;
    server_seed: string;
    server_seed_hash: string;
    client_seed: string;
    next_nonce: Generated<number>;
    revealed_at: Timestamp | null;
    created_at: Timestamp;
  };
  spins: {
    id: string;
    member_id: bigint;
    campaign_id: string;
    seed_id: string;
    nonce: number;
    weights: Json<number[]>;
    draw: number;
    slice_position: number;
    slice_code: string;
    slice_label: Json<Record<string, string>>;
    prize_kind: 'cash' | 'bonus' | 'coins' | 'none';
    prize_amount: bigint;
    success_percent: number | null;
    fail_percent: number | null;
    coin_transfer_id: bigint;
    idempotency_key: string | null;
    status: 'none' | 'claimable' | 'claimed' | 'voided';
    expires_at: Timestamp;
    claim_id: string | null;
    claim_transfer_id: bigint | null;
    claim_key: string | null;
    claimed_at: Timestamp | null;
    void_reason: string | null;
    created_at: Timestamp;
  };
  refund_marks: { claim_id: string; member_id: bigint; net_loss_total: bigint; created_at: Timestamp };
  banners: {
    id: Generated<string>;
    placement: 'invite' | 'refund' | 'bonus';
    offer_code: string | null;
    position: Generated<number>;
    image_file: string;
    html: Json<Record<string, string>>;
    created_at: Timestamp;
  };
  /** A member's reality-check interval (migration 071); none: the default. */
  member_reality_checks: { member_id: bigint; interval_minutes: number; updated_at: Generated<Timestamp> };
  /** What members are told when the app is closed (migration 081): one per event, sent by the outbox worker. */
  notices: {
    id: string;
    member_id: bigint;
    kind: NoticeKind;
    event_key: string;
    facts: Json<NoticeFacts>;
    state: Generated<'pending' | 'sent' | 'suppressed' | 'undelivered'>;
    channel: ChannelName | null;
    given_up: Generated<ChannelName[]>;
    tries_on_channel: Generated<number>;
    due_at: Timestamp;
    claimed_until: Timestamp | null;
    created_at: Timestamp;
    finished_at: Timestamp | null;
    outcome: string | null;
    /** The operator who sent it as a test from the console (migration 084); null for a real event's notice. */
    test_by: string | null;
  };
  /** The operator's texts for a kind of notice in a language (migration 084): they override the built-in ones when sent. */
  notice_templates: { kind: NoticeKind; language: 'th' | 'lo' | 'en'; title: string; body: string; updated_by: string; updated_at: Timestamp };
  notice_attempts: { id: Generated<bigint>; notice_id: string; channel: ChannelName; outcome: 'sent' | 'failed' | 'unreachable'; detail: string | null; at: Timestamp };
  member_notice_settings: {
    member_id: bigint;
    language: 'th' | 'lo' | 'en';
    channels: Json<NoticeChannelChoices>;
    quiet_from: Generated<number>;
    quiet_to: Generated<number>;
    updated_at: Timestamp;
  };
  push_subscriptions: { id: Generated<bigint>; member_id: bigint; endpoint: string; p256dh: string; auth: string; created_at: Timestamp };
  /** An offer sent to a segment of members (migration 085): one notice per member matched. */
  notice_campaigns: {
    id: string;
    name: string;
    segment: Json<CampaignSegment>;
    texts: Json<Partial<Record<CampaignLanguage, CampaignText>>>;
    path: CampaignPath;
    status: Generated<'draft' | 'sending' | 'sent'>;
    created_by: string;
    created_at: Timestamp;
    sent_by: string | null;
    sent_at: Timestamp | null;
    matched: number | null;
    written_through: bigint | null;
    updated_at: Timestamp;
  };
  /** Offers taken per channel per second, across the nodes (migration 085). */
  notice_rate_seconds: { channel: ChannelName; second: Timestamp; taken: number };
  /** A member's LINE account for notices (migration 079): open while unlinked_at is null, one per member and per LINE account. */
  member_line_links: { id: Generated<bigint>; member_id: bigint; line_user_id: string; following: boolean; linked_at: Timestamp; unlinked_at: Timestamp | null };
  /** A LINE Login under way: single use, 10 minutes. */
  member_line_link_states: { state: string; member_id: bigint; nonce: string; redirect_uri: string; created_at: Timestamp };
  truemoney_transfers: {
    transaction_id: string;
    sender_mobile: string;
    amount: bigint;
    status: 'credited' | 'unmatched' | 'below_minimum' | 'returned';
    member_id: bigint | null;
    decided_by: string | null;
    reason: string | null;
    received_at: Timestamp;
    created_at: Timestamp;
  };
  sandbox_sms_messages: { id: Generated<bigint>; phone: string; text: string; reference: string | null; created_at: Timestamp };
  sandbox_push_subscriptions: { id: string; private_key: string; public_key: string; auth_secret: string; created_at: Timestamp };
  sandbox_push_messages: { id: Generated<bigint>; subscription_id: string; payload: string; ttl: number; urgency: string | null; topic: string | null; received_at: Timestamp };
  sandbox_line_users: { user_id: string; display_name: string; friendship: Generated<'none' | 'following' | 'blocked'>; created_at: Generated<Timestamp> };
  sandbox_line_codes: { code: string; user_id: string; client_id: string; redirect_uri: string; nonce: string | null; scope: string; expires_at: Timestamp; used_at: Timestamp | null };
  sandbox_line_messages: { id: Generated<bigint>; request_id: string; retry_key: string | null; user_id: string; messages: string; received_at: Timestamp };
  idempotency_keys: { owner: string; key: string; fingerprint: string; created_at: Timestamp };
}

export type SiteTextKind = 'contact' | 'condition' | 'agreement' | 'notice';
