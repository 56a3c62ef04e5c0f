import fs from 'node:fs';
import { CAMPAIGN_PATHS } from '@wallet/contract';
import { describe, expect, it } from 'vitest';
import { NOTICE_PATHS } from './notice-texts.js';

/** The member app's signed-in screens, read off its router: `/user/<path>` for each route under `/user`. */
function memberScreens(): string[] {
  const router = fs.readFileSync(new URL('../../../../web/src/app/router.tsx', import.meta.url), 'utf8');
  const signedIn = router.slice(router.indexOf("path: '/user'"));
  return [...signedIn.matchAll(/\{ path: '([a-z-]+)'/g)].map((match) => `/user/${match[1]}`);
}

describe('where a tapped notice opens the member app', () => {
  it('is a screen the member app has, for every kind of notice and every campaign path', () => {
    const screens = memberScreens();
    expect(screens).toContain('/user/home');
    for (const path of [...Object.values(NOTICE_PATHS), ...CAMPAIGN_PATHS]) expect(screens, path).toContain(path);
  });
});
