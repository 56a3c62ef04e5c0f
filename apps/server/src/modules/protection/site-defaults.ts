import type { Site } from '@wallet/contract';

/** Player protection's defaults of each build (an admin may change the cooling rules in the site settings). */
export interface ProtectionDefaults {
  /** Hours a raised or removed limit waits before it applies. */
  coolingHours: number;
  /** Also wait at least 72 hours and until the limit's running period ends. */
  strict: boolean;
  /** Ask for a limit at registration and before the first deposit. */
  limitPrompt: boolean;
}

export const PROTECTION_DEFAULTS: Record<Site, ProtectionDefaults> = {
  th: { coolingHours: 24, strict: false, limitPrompt: true },
  la: { coolingHours: 24, strict: false, limitPrompt: true },
};
