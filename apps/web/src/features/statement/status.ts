/** Colours of the three statuses of statement entries and slips (SPEC §4). */
export const STATUS_STYLE = { SUCCESS: 'bg-emerald-400/15 text-emerald-300', FAILED: 'bg-rose-400/15 text-rose-300', in_progress: 'bg-gold-400/15 text-gold-300' } as const;

/** A statement entry's status as the member reads it: a withdrawal being checked says so. */
export const statusKey = (entry: { status: keyof typeof STATUS_STYLE; checking?: true }) => (entry.checking ? 'statement.status.checking' : `statement.status.${entry.status}`);
