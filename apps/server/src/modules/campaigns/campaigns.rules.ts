import { CAMPAIGN_LANGUAGES, type CampaignLanguage, type CampaignText } from '@wallet/contract';

/**
 * The text a member reads: the campaign's in the member's language; a member whose language the
 * campaign was not written in (they changed it after it was sent) reads the site's language, else
 * the first written.
 */
export function textFor(texts: Partial<Record<CampaignLanguage, CampaignText>>, language: CampaignLanguage, siteLanguage: CampaignLanguage): CampaignText | null {
  return texts[language] ?? texts[siteLanguage] ?? CAMPAIGN_LANGUAGES.map((each) => texts[each]).find((text) => text !== undefined) ?? null;
}

/**
 * How many seconds after the send the `position`th member an offer can reach is due: the
 * campaign's notices are spread at the channels' combined rate, so the worker finds about a
 * second's worth due at a time (each channel's own rate is then held by its per-second count).
 */
export function dueInSeconds(position: number, offersPerSecond: number): number {
  return Math.floor(position / Math.max(1, offersPerSecond));
}
