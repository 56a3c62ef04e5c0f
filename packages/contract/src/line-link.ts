/** Without zod: the member app's profile screen reads it, and builds no schemas for it. */

/**
 * What the profile page finds in `?line=` after LINE Login: `linked`, or the error code of why not
 * (LINE_LINK_EXPIRED, LINE_ACCOUNT_TAKEN, LINE_LOGIN_FAILED).
 */
export const LINE_LINK_RESULT_PARAM = 'line';
