import { type ProtectionDefaults, REALITY_CHECK_MINUTES, type Site } from '@wallet/contract';
import type { SiteSettings } from '../settings/settings.service.js';

export type { ProtectionDefaults };

/**
 * Player protection's defaults of each build. Each is a site setting an admin may change in the
 * console (protectionCoolingHours, protectionStrict, protectionLimitPrompt,
 * protectionRealityCheckMinutes); an unset one (null) is the profile's. Loosening any of them waits
 * for a second operator (docs/adr/0392-loosening-player-protection-takes-two-operators.md).
 */
export const PROTECTION_DEFAULTS: Record<Site, ProtectionDefaults> = {
  th: { coolingHours: 24, strict: false, limitPrompt: true, realityCheckMinutes: REALITY_CHECK_MINUTES.default },
  la: { coolingHours: 24, strict: false, limitPrompt: true, realityCheckMinutes: REALITY_CHECK_MINUTES.default },
};

type ProtectionSettings = Pick<SiteSettings, 'protectionCoolingHours' | 'protectionStrict' | 'protectionLimitPrompt' | 'protectionRealityCheckMinutes'>;

/** The protection rules in force: each setting as set, else the site profile's default. */
export function protectionInForce(settings: ProtectionSettings, defaults: ProtectionDefaults): ProtectionDefaults {
  return {
    coolingHours: settings.protectionCoolingHours ?? defaults.coolingHours,
    strict: settings.protectionStrict ?? defaults.strict,
    limitPrompt: settings.protectionLimitPrompt ?? defaults.limitPrompt,
    realityCheckMinutes: settings.protectionRealityCheckMinutes ?? defaults.realityCheckMinutes,
  };
}
