import { z } from 'zod';

// ---------- A member's LINE account for notices (LINE Official Account, linked with LINE Login)

/** GET /api/notices/line: whether the member's LINE is linked, and whether they have the Official Account as a friend (nothing reaches them otherwise). */
export const lineLinkStatus = z.object({
  linked: z.boolean(),
  following: z.boolean(),
  /** Epoch ms; null when not linked. */
  linkedAt: z.number().nullable(),
});
export type LineLinkStatus = z.infer<typeof lineLinkStatus>;

/** GET /api/notices/line/link: LINE's consent page to send the member to; it comes back to the profile page. */
export const lineLinkStart = z.object({ url: z.string().url() });
export type LineLinkStart = z.infer<typeof lineLinkStart>;

