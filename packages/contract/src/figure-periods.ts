/** Without zod: the member app's figures screen reads these, and builds no schemas for them. */

/** The periods the figures cover, each ending now and starting at midnight (site time) of its first day. */
export const FIGURE_PERIODS = ['today', 'days7', 'days30', 'months12'] as const;
export type FigurePeriod = (typeof FIGURE_PERIODS)[number];

/** `default`: the site profiles' default (an admin may set the site's own: protectionRealityCheckMinutes). */
export const REALITY_CHECK_MINUTES = { min: 10, max: 120, default: 60 } as const;
